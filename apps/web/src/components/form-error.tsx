import type { ReactNode } from 'react';
import { useI18n } from '../i18n/i18n.tsx';
import { describeError, isNetworkError } from '../lib/errors.ts';
import type { AuthError } from '../lib/wire-types.ts';
import { Alert } from './alert.tsx';
import { Button } from './button.tsx';

interface FormErrorProps {
  error: AuthError;
  /**
   * How "Try again" repeats what failed when the service could not be reached: `submit` sends the
   * form the message is in once more (with everything typed, which stays in place); a function
   * is called. Without it no retry is offered.
   */
  retry?: 'submit' | (() => void);
  /** The page's own buttons for this error (e.g. "send the verification email again"). */
  actions?: ReactNode;
  id?: string;
}

/**
 * The one way a form shows what went wrong on the other side: an alert, focused once the form can
 * take focus again and announced. A refusal of the server is said in plain words; a request that
 * never reached the service says so (offline, or the service cannot be reached), that nothing
 * typed is lost, and offers to try again.
 */
export function FormError({ error, retry, actions, id }: FormErrorProps) {
  const { t } = useI18n();
  const network = isNetworkError(error);
  const retryButton =
    network && retry ? (
      <Button
        type={retry === 'submit' ? 'submit' : 'button'}
        variant="secondary"
        onClick={retry === 'submit' ? undefined : retry}
      >
        {t.network.retry}
      </Button>
    ) : null;
  const buttons =
    retryButton || actions ? (
      <>
        {retryButton}
        {actions}
      </>
    ) : undefined;
  if (!network) {
    return (
      <Alert tone="error" focus id={id} actions={buttons}>
        {describeError(error, t)}
      </Alert>
    );
  }
  return (
    <Alert tone="error" focus id={id} title={describeError(error, t)} actions={buttons}>
      {retry === 'submit' ? t.network.inputKept : undefined}
    </Alert>
  );
}
