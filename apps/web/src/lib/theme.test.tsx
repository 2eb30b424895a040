// @vitest-environment happy-dom
/** The theme follows the system's colour scheme, even a change made while the page was starting. */
import { act, cleanup, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useTheme } from './theme.ts';

/** A `prefers-color-scheme: dark` query whose answer the test moves, telling listeners as a browser does. */
function systemScheme(initiallyDark: boolean, options: { flipWhenListened?: boolean } = {}) {
  let dark = initiallyDark;
  const listeners = new Set<() => void>();
  const query = {
    get matches() {
      return dark;
    },
    addEventListener: (_type: string, listener: () => void) => {
      // the system changed after the first render read it, before this listener existed: no event for it
      if (options.flipWhenListened) dark = !dark;
      listeners.add(listener);
    },
    removeEventListener: (_type: string, listener: () => void) => listeners.delete(listener),
  };
  vi.stubGlobal('matchMedia', () => query);
  return {
    set(next: boolean) {
      dark = next;
      for (const listener of listeners) listener();
    },
  };
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  localStorage.clear();
  delete document.documentElement.dataset.theme;
});

describe('useTheme', () => {
  it('names the system scheme on <html> and follows its changes', () => {
    const scheme = systemScheme(false);
    const { result } = renderHook(() => useTheme());
    expect(result.current.theme).toBe('light');
    expect(document.documentElement.dataset.theme).toBe('light');
    act(() => scheme.set(true));
    expect(document.documentElement.dataset.theme).toBe('dark');
  });

  it('does not miss a change made between the first render and the listener', () => {
    systemScheme(false, { flipWhenListened: true });
    renderHook(() => useTheme());
    expect(document.documentElement.dataset.theme).toBe('dark');
  });

  it('keeps a picked theme whatever the system does', () => {
    const scheme = systemScheme(false);
    const { result } = renderHook(() => useTheme());
    act(() => result.current.toggle());
    expect(document.documentElement.dataset.theme).toBe('dark');
    act(() => scheme.set(false));
    expect(document.documentElement.dataset.theme).toBe('dark');
    expect(localStorage.getItem('latch.theme')).toBe('dark');
  });
});
