/**
 * `/undo-change?token=…`: opened from a security notice ("your password, address, linked
 * provider or two-factor changed: wasn't you?"). Nothing happens on opening (mail scanners follow
 * links); the button POSTs /undo-change, which reverses the change, ends every session of the
 * account and, when the password was cleared with it, answers a reset token to choose a new one
 * (packages/server/src/features/undo-change/service.ts).
 */
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { Alert } from '../../components/alert.tsx';
import { Button } from '../../components/button.tsx';
import { AuthCard } from '../../components/layout.tsx';
import { useI18n } from '../../i18n/i18n.tsx';
import type { Messages } from '../../i18n/messages.ts';
import { authClient } from '../../lib/auth.ts';
import { describeError, isDeadLink } from '../../lib/errors.ts';
import { useRefreshSession } from '../../lib/session.ts';
import type { AuthError, UndoChangeAnswer } from '../../lib/wire-types.ts';

/** What was undone, in the words of the page, one sentence a line. */
export function undoneLines(answer: UndoChangeAnswer, t: Messages): string[] {
  switch (answer.change) {
    case 'email-changed':
      return [
        answer.emailRestored === false ? t.undoChange.emailNotRestored : t.undoChange.emailRestored,
        t.undoChange.passwordCleared,
      ];
    case 'password-changed':
      return [t.undoChange.passwordChanged];
    case 'provider-linked':
      return [t.undoChange.providerLinked];
    case 'two-factor-disabled':
      return [t.undoChange.twoFactorRestored];
    default:
      // a kind this app does not know yet: still say that it worked
      return [t.undoChange.undone];
  }
}

export function UndoChangePage() {
  const { t } = useI18n();
  const [params] = useSearchParams();
  const token = params.get('token');
  const refreshSession = useRefreshSession();
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<AuthError | null>(null);
  const [dead, setDead] = useState(false);
  const [answer, setAnswer] = useState<UndoChangeAnswer | null>(null);

  if (!token || dead) {
    return (
      <AuthCard
        key="invalid"
        title={t.undoChange.invalidTitle}
        footer={
          <p>
            <Link to="/">{t.common.goHome}</Link>
          </p>
        }
      >
        <Alert tone="error">{token ? t.undoChange.invalidBody : t.undoChange.missingToken}</Alert>
        <Link className="button button--secondary button--block" to="/forgot-password">
          {t.undoChange.resetPassword}
        </Link>
      </AuthCard>
    );
  }

  if (answer) {
    return (
      <AuthCard key="done" title={t.undoChange.doneTitle}>
        <Alert tone="success">
          {undoneLines(answer, t).map((line) => (
            <p key={line}>{line}</p>
          ))}
          <p>{t.undoChange.signedOut}</p>
        </Alert>
        {answer.resetToken ? (
          <>
            <p>{t.undoChange.chooseHint}</p>
            <Link
              className="button button--primary button--block"
              to={`/reset-password?token=${encodeURIComponent(answer.resetToken)}`}
            >
              {t.undoChange.choosePassword}
            </Link>
          </>
        ) : (
          <Link className="button button--primary button--block" to="/sign-in">
            {t.common.signIn}
          </Link>
        )}
      </AuthCard>
    );
  }

  const undo = async () => {
    setPending(true);
    setError(null);
    const result = await authClient.links.undoChange({ token });
    setPending(false);
    if (result.error) {
      if (isDeadLink(result.error)) setDead(true);
      else setError(result.error);
      return;
    }
    // every session of the account ended, this browser's too when it was signed in to it
    await refreshSession();
    setAnswer(result.data);
  };

  return (
    <AuthCard key="ask" title={t.undoChange.title} subtitle={t.undoChange.intro}>
      {error ? (
        <Alert tone="error" focus>
          {describeError(error, t)}
        </Alert>
      ) : null}
      <Alert tone="warning">{t.undoChange.effect}</Alert>
      <Button variant="danger" block onClick={undo} pending={pending} pendingLabel={t.undoChange.submitting}>
        {t.undoChange.submit}
      </Button>
    </AuthCard>
  );
}
