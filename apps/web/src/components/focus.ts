/**
 * Where keyboard and screen-reader focus goes after a form is checked or answered: the first field
 * in error, or an element that cannot take focus yet (a field of a form still disabled while its
 * request runs).
 */

/** Focus the first field reported invalid, so keyboard and screen-reader users land on the problem. */
export function focusFirstInvalid<K extends string>(
  order: readonly K[],
  errors: Partial<Record<K, string>>,
  ids: Record<K, string>,
) {
  const first = order.find((key) => errors[key]);
  if (first) focusWhenReady(ids[first]);
}

/** A browser ignores focus() on a disabled control, and on every control of a disabled fieldset. */
function refusesFocus(element: Element): boolean {
  if ((element as Partial<HTMLButtonElement>).disabled === true) return true;
  if (!element.matches('input, button, select, textarea')) return false;
  return element.closest('fieldset[disabled]') !== null;
}

/** Stops the focus move still waiting, if any: a newer one replaces it (one pending move per page). */
let cancelWaitingFocus: (() => void) | null = null;

/** A message box that takes focus (components/alert.tsx) wins over a field still waiting for it. */
export function cancelFocusMove(): void {
  cancelWaitingFocus?.();
}

/** The message box that last took focus (components/alert.tsx `Alert` with `focus`). */
let claimedBy: HTMLElement | null = null;

/**
 * A message box takes focus: a field still waiting for it yields, and so does a page heading that
 * appears in the same commit (`focusHeldByMessage`), whichever of the two effects React runs first.
 */
export function focusMessage(element: HTMLElement): void {
  cancelFocusMove();
  element.focus();
  claimedBy = element;
}

/**
 * Whether a message box that took focus still holds it: a heading that appears then leaves it
 * there (the person is reading what went wrong; the heading's page is the one they are on).
 */
export function focusHeldByMessage(): boolean {
  if (claimedBy === null) return false;
  if (claimedBy.isConnected && document.activeElement === claimedBy) return true;
  claimedBy = null;
  return false;
}

/**
 * Moves focus to the element with this id as soon as it can take it. The server's
 * answer to a submit arrives while the form's fieldset is still disabled, and React enables it
 * only when it renders that answer: focusing the field at once would be ignored and leave focus
 * on <body>, so the move waits until the field is enabled again (or gives up after a while).
 */
export function focusWhenReady(id: string): void {
  cancelWaitingFocus?.();
  const attempt = (): boolean => {
    const element = document.getElementById(id);
    if (!element?.isConnected || refusesFocus(element)) return false;
    element.focus();
    return true;
  };
  if (attempt()) return;
  const observer = new MutationObserver(() => {
    if (attempt()) stop();
  });
  const timer = setTimeout(stop, 10_000);
  function stop() {
    observer.disconnect();
    clearTimeout(timer);
    if (cancelWaitingFocus === stop) cancelWaitingFocus = null;
  }
  cancelWaitingFocus = stop;
  observer.observe(document.body, { subtree: true, childList: true, attributes: true, attributeFilter: ['disabled'] });
}
