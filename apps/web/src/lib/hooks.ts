import { useEffect, useState } from 'react';
import type { Messages } from '../i18n/messages.ts';
import { authClient } from './auth.ts';
import { validateUsername } from './validation.ts';

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
