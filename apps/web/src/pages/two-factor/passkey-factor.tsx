/**
 * A passkey as the second factor (docs/passkeys.md, "pass the second factor"): offered by the
 * sign-in challenge when it lists `passkey`. POST /two-factor/generate-passkey-options gives the
 * challenged account's passkeys, the browser's prompt signs, POST /two-factor/verify-passkey
 * completes the sign-in like a code would. The server's refusals go to the challenge's own handling
 * (a challenge that expired sends the person back to sign in); what ended on the person's side
 * (a cancelled prompt) is said here.
 */
import { useState } from 'react';
import { Alert } from '../../components/alert.tsx';
import { Button } from '../../components/button.tsx';
import { useI18n } from '../../i18n/i18n.tsx';
import { authClient } from '../../lib/auth.ts';
import { classifyCeremonyError, describeCeremonyFailure, requestPasskey } from '../../lib/webauthn.ts';
import type { AuthError } from '../../lib/wire-types.ts';

interface Props {
  /** The challenge's "trust this device" box. */
  trustDevice: boolean;
  /** Another way is being tried. */
  disabled: boolean;
  /** This way has started: the challenge clears what the last attempt left on screen. */
  onStart: () => void;
  onError: (error: AuthError) => void;
  /** The second factor passed: the session exists. */
  onVerified: () => Promise<void>;
  /** Tells the challenge this way is under way, so that it holds its other buttons. */
  onPendingChange: (pending: boolean) => void;
}

export function PasskeyFactorButton({ trustDevice, disabled, onStart, onError, onVerified, onPendingChange }: Props) {
  const { t } = useI18n();
  const [pending, setPending] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);

  const busy = (value: boolean) => {
    setPending(value);
    onPendingChange(value);
  };

  const start = async () => {
    setFailure(null);
    onStart();
    busy(true);
    const options = await authClient.twoFactor.generatePasskeyOptions();
    if (options.error) {
      busy(false);
      onError(options.error);
      return;
    }
    let response: Awaited<ReturnType<typeof requestPasskey>>;
    try {
      response = await requestPasskey(options.data);
    } catch (failed) {
      busy(false);
      setFailure(describeCeremonyFailure(classifyCeremonyError(failed), t));
      return;
    }
    const result = await authClient.twoFactor.verifyPasskey({ response, trustDevice });
    if (result.error) {
      busy(false);
      onError(result.error);
      return;
    }
    await onVerified();
  };

  return (
    <>
      <Button
        variant="secondary"
        block
        onClick={() => void start()}
        disabled={disabled}
        pending={pending}
        pendingLabel={t.twoFactor.passkeyPending}
      >
        {t.twoFactor.usePasskey}
      </Button>
      {failure ? (
        <Alert tone="error" focus>
          {failure}
        </Alert>
      ) : null}
    </>
  );
}
