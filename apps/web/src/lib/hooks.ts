/**
 * Live checks while typing, as queries: the value is asked about 400 ms after the typing stops,
 * each answer is kept in the query cache under its value (typing back to an earlier value asks
 * nothing), and an answer for a value no longer in the field is never shown.
 */
import { type AnyAuthResult, authQueryOptions, latchKeys } from '@latch/react';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import type { Messages } from '../i18n/messages.ts';
import { authClient } from './auth.ts';
import { authErrorOf } from './query.ts';
import { validateUsername } from './validation.ts';
import type { AuthError } from './wire-types.ts';

export type Availability = 'idle' | 'checking' | 'available' | 'taken';

/** How long the typing must stop before the value is asked about. */
const TYPING_PAUSE_MS = 400;

/** `value`, once it has stayed the same for `ms`. */
function useSettled<T>(value: T, ms = TYPING_PAUSE_MS): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return settled;
}

export type LiveCheck<T> =
  | { state: 'idle' | 'checking' }
  | { state: 'answered'; data: T | undefined; error: AuthError | null };

/**
 * Asks `call(value)` about `value` (already trimmed) once the typing pauses, when `askable`;
 * 'checking' while the typing goes on and while the server is asked.
 */
export function useLiveCheck<T>(
  name: string,
  value: string,
  askable: boolean,
  call: (value: string) => Promise<AnyAuthResult<T>>,
): LiveCheck<T> {
  const settled = useSettled(askable ? value : '');
  const ready = askable && settled === value;
  const query = useQuery({
    ...authQueryOptions([...latchKeys.all(), name, settled] as const, () => call(settled)),
    enabled: ready,
  });
  if (!askable) return { state: 'idle' };
  if (!ready || query.isFetching) return { state: 'checking' };
  return { state: 'answered', data: query.data, error: authErrorOf(query.error) };
}

/**
 * Asks the server whether a well-formed username is free. `current` (the person's own username)
 * counts as available without asking.
 */
export function useUsernameAvailability(username: string, t: Messages, current?: string | null): Availability {
  const value = username.trim();
  const askable = value !== '' && !validateUsername(value, t) && value.toLowerCase() !== current?.toLowerCase();
  const check = useLiveCheck('username-available', value, askable, (asked) =>
    authClient.isUsernameAvailable({ username: asked }),
  );
  if (check.state !== 'answered') return check.state;
  if (check.error || !check.data) return 'idle';
  return check.data.available ? 'available' : 'taken';
}
