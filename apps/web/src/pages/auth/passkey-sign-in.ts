/**
 * Signing in with a passkey (docs/passkeys.md), two ways:
 *
 * - **autofill**: when the sign-in page opens, it asks for the site's passkeys with a conditional
 *   request, so that the browser offers them in the autofill of the email field
 *   (`autocomplete="username webauthn"`); nothing shows until the person picks one;
 * - **the button**: the browser's own passkey prompt. Starting it ends the autofill's request (one
 *   ceremony at a time); when it fails or is cancelled, the autofill's starts again.
 *
 * Either way the assertion goes to POST /passkey/verify-authentication. A passkey sign-in is two
 * factors in one (user verification is required), so the server answers a session, never a
 * challenge; the caller's `onSignedIn` is the one hook every sign-in runs next.
 *
 * The browser's half (lib/webauthn.ts, with @simplewebauthn/browser) is a file of its own, fetched
 * when passkeys are on and the page starts its first request: a sign-in page without passkeys
 * never downloads it (docs/performance.md, "Web app weight").
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import { useI18n } from '../../i18n/i18n.tsx';
import { authClient } from '../../lib/auth.ts';
import type * as WebAuthn from '../../lib/webauthn.ts';
import type { AuthenticationResponse, CeremonyFailure } from '../../lib/webauthn.ts';
import type { AuthError } from '../../lib/wire-types.ts';

/** lib/webauthn.ts once fetched (a ceremony to cancel can only have started after). */
let loaded: typeof WebAuthn | null = null;

/** Fetches lib/webauthn.ts once; a failed fetch is tried again by the next call. */
function loadWebAuthn(): Promise<typeof WebAuthn> {
  return loaded ? Promise.resolve(loaded) : import('../../lib/webauthn.ts').then((module) => (loaded = module));
}

/** A conditional request that ran this long before the browser ended it timed out: ask again. */
const AUTOFILL_RESTART_AFTER_MS = 30_000;

export interface PasskeySignIn {
  /** The button: the browser's passkey prompt, then the server's verification. */
  start: () => Promise<void>;
  /** The button's ceremony or its verification is under way. */
  pending: boolean;
  /** The button's attempt ended on the person's side (cancelled, no passkey support…), in words. */
  failure: string | null;
  /** The server refused the button's attempt (or could not be reached). */
  error: AuthError | null;
}

interface Options {
  /** plugins.passkey is on. */
  enabled: boolean;
  /** The passkey was accepted: the session exists. */
  onSignedIn: () => Promise<void>;
  /** The server refused a passkey picked in the autofill: the sign-in form shows it as its own error. */
  onAutofillError: (error: AuthError) => void;
}

export function usePasskeySignIn({ enabled, onSignedIn, onAutofillError }: Options): PasskeySignIn {
  const { t, moreReady, requestMore } = useI18n();
  const [pending, setPending] = useState(false);
  /** Why the button's last attempt ended on the person's side; said in words at render (see `failure`). */
  const [failed, setFailed] = useState<CeremonyFailure | 'offline' | 'unreachable' | null>(null);
  const [error, setError] = useState<AuthError | null>(null);
  /** Bumped to start the autofill's request again (after the button's attempt failed). */
  const [autofillRun, setAutofillRun] = useState(0);
  /** The autofill's options request in flight: the button waits for it, so that its own challenge cookie is the last one set. */
  const autofillOptions = useRef<Promise<unknown> | null>(null);
  const buttonActive = useRef(false);
  // the latest callbacks, for a request that outlives the render that started it
  const handlers = useRef({ onSignedIn, onAutofillError });
  handlers.current = { onSignedIn, onAutofillError };

  const verify = useCallback(
    (response: AuthenticationResponse) => authClient.passkey.verifyAuthentication({ response }),
    [],
  );

  // biome-ignore lint/correctness/useExhaustiveDependencies: `autofillRun` restarts the request on purpose
  useEffect(() => {
    if (!enabled) return;
    let active = true;
    const run = async () => {
      // the autofill is a convenience: without its code (offline) the form and the button remain
      const webauthn = await loadWebAuthn().catch(() => null);
      if (!webauthn || !(await webauthn.autofillSupported()) || !active || buttonActive.current) return;
      const request = authClient.passkey.generateAuthenticateOptions();
      autofillOptions.current = request;
      const options = await request;
      // no options (the server is unreachable, the plugin just went off): the button still offers passkeys
      if (!active || buttonActive.current || options.error) return;
      const started = Date.now();
      let response: AuthenticationResponse;
      try {
        response = await webauthn.requestPasskey(options.data, { autofill: true });
      } catch (failed) {
        // aborted: the button took over, or the page is leaving; the person asked for nothing else
        const timedOut =
          webauthn.classifyCeremonyError(failed) === 'cancelled' && Date.now() - started > AUTOFILL_RESTART_AFTER_MS;
        if (active && timedOut) setAutofillRun((n) => n + 1);
        return;
      }
      if (!active) return;
      const result = await verify(response);
      if (!active) return;
      if (result.error) {
        handlers.current.onAutofillError(result.error);
        setAutofillRun((n) => n + 1);
        return;
      }
      await handlers.current.onSignedIn();
    };
    void run();
    return () => {
      active = false;
      if (!buttonActive.current) loaded?.cancelCeremony();
    };
  }, [enabled, autofillRun]);

  const start = useCallback(async () => {
    buttonActive.current = true;
    setPending(true);
    setFailed(null);
    // the words for a failed ceremony are with the other screens' (locales/more): on their way while the prompt is up
    requestMore();
    setError(null);
    const settle = () => {
      buttonActive.current = false;
      setPending(false);
      setAutofillRun((n) => n + 1);
    };
    // the autofill's challenge cookie must not land after the button's
    await autofillOptions.current?.catch(() => undefined);
    const options = await authClient.passkey.generateAuthenticateOptions();
    if (options.error) {
      setError(options.error);
      settle();
      return;
    }
    let webauthn: typeof WebAuthn;
    try {
      webauthn = await loadWebAuthn();
    } catch {
      setFailed(navigator.onLine === false ? 'offline' : 'unreachable');
      settle();
      return;
    }
    let response: AuthenticationResponse;
    try {
      response = await webauthn.requestPasskey(options.data);
    } catch (thrown) {
      setFailed(webauthn.classifyCeremonyError(thrown));
      settle();
      return;
    }
    const result = await verify(response);
    if (result.error) {
      setError(result.error);
      settle();
      return;
    }
    await handlers.current.onSignedIn();
  }, [verify, requestMore]);

  const failure =
    failed === null
      ? null
      : failed === 'offline'
        ? t.network.offline
        : failed === 'unreachable'
          ? t.network.unreachable
          : moreReady && loaded
            ? loaded.describeCeremonyFailure(failed, t)
            : t.errors.generic;
  return { start, pending, failure, error };
}
