import { useCallback, useEffect, useRef, useState } from 'react';
import type { Messages } from '../i18n/messages.ts';
import type { AuthError, AuthResult } from './auth.ts';
import { authClient } from './auth.ts';
import { validateUsername } from './validation.ts';

export interface Loaded<T> {
  data: T | null;
  error: AuthError | null;
  loading: boolean;
  reload: () => Promise<void>;
}

/** Runs a read call on mount; `reload()` runs it again and keeps the old data while it does. */
export function useLoad<T>(load: () => Promise<AuthResult<T>>): Loaded<T> {
  const [data, setData] = useState<T | null>(null);
  const [error, setError] = useState<AuthError | null>(null);
  const [loading, setLoading] = useState(true);
  const loadRef = useRef(load);
  loadRef.current = load;
  const mounted = useRef(true);

  const reload = useCallback(async () => {
    setLoading(true);
    const result = await loadRef.current();
    if (!mounted.current) return;
    setData(result.data);
    setError(result.error);
    setLoading(false);
  }, []);

  useEffect(() => {
    mounted.current = true;
    void reload();
    return () => {
      mounted.current = false;
    };
  }, [reload]);

  return { data, error, loading, reload };
}

export type Availability = 'idle' | 'checking' | 'available' | 'taken';

/**
 * Asks the server whether a well-formed username is free, 400 ms after the typing stops.
 * `current` (the person's own username) counts as available without asking.
 */
export function useUsernameAvailability(username: string, t: Messages, current?: string | null): Availability {
  const [state, setState] = useState<Availability>('idle');
  useEffect(() => {
    const value = username.trim();
    if (!value || validateUsername(value, t)) {
      setState('idle');
      return;
    }
    if (current && value.toLowerCase() === current.toLowerCase()) {
      setState('idle');
      return;
    }
    let cancelled = false;
    setState('checking');
    const timer = setTimeout(async () => {
      const result = await authClient.isUsernameAvailable({ username: value });
      if (cancelled) return;
      if (result.error) setState('idle');
      else setState(result.data.available ? 'available' : 'taken');
    }, 400);
    return () => {
      cancelled = true;
      clearTimeout(timer);
    };
  }, [username, t, current]);
  return state;
}
