/**
 * `/approve-email-change?token=…`: opened from the mail sent to the account's CURRENT address
 * when someone asks to move the account to a new one (packages/server/src/features/email-change).
 * Opening the page only reads the request (POST /change-email/describe): mail scanners follow
 * links, so approving and refusing are each a POST made by a click.
 */
import { useCallback, useEffect, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { Alert } from '../../components/alert.tsx';
import { Button } from '../../components/button.tsx';
import { AuthCard, FullPageSpinner } from '../../components/layout.tsx';
import { useI18n } from '../../i18n/i18n.tsx';
import { authClient } from '../../lib/auth.ts';
import { describeError, isDeadLink } from '../../lib/errors.ts';
import { useRefreshSession } from '../../lib/session.ts';
import type { AuthError, EmailChangeRequest } from '../../lib/wire-types.ts';

type State =
  | { kind: 'loading' }
  | { kind: 'unreadable'; error: AuthError }
  | { kind: 'dead' }
  | { kind: 'asking'; request: EmailChangeRequest }
  | { kind: 'approved'; request: EmailChangeRequest }
  | { kind: 'refused'; request: EmailChangeRequest };

export function ApproveEmailChangePage() {
  const { t } = useI18n();
  const [params] = useSearchParams();
  const token = params.get('token');
  if (!token) return <DeadLink body={t.approveEmailChange.missingToken} />;
  return <ApproveEmailChange token={token} />;
}

function DeadLink({ body }: { body: string }) {
  const { t } = useI18n();
  return (
    <AuthCard
      title={t.approveEmailChange.invalidTitle}
      footer={
        <p>
          <Link to="/">{t.common.goHome}</Link>
        </p>
      }
    >
      <Alert tone="error">{body}</Alert>
    </AuthCard>
  );
}

function ApproveEmailChange({ token }: { token: string }) {
  const { t, format } = useI18n();
  const refreshSession = useRefreshSession();
  const [state, setState] = useState<State>({ kind: 'loading' });
  const [pending, setPending] = useState<'approve' | 'refuse' | null>(null);
  const [error, setError] = useState<AuthError | null>(null);

  const describe = useCallback(async () => {
    setState({ kind: 'loading' });
    const result = await authClient.links.describeEmailChange({ token });
    if (result.error)
      setState(isDeadLink(result.error) ? { kind: 'dead' } : { kind: 'unreadable', error: result.error });
    else setState({ kind: 'asking', request: result.data });
  }, [token]);

  useEffect(() => {
    void describe();
  }, [describe]);

  if (state.kind === 'loading') return <FullPageSpinner />;
  if (state.kind === 'dead') return <DeadLink body={t.approveEmailChange.invalidBody} />;
  if (state.kind === 'unreadable') {
    return (
      <AuthCard title={t.approveEmailChange.title}>
        <Alert tone="error" focus>
          {describeError(state.error, t)}
        </Alert>
        <Button variant="secondary" block onClick={describe}>
          {t.approveEmailChange.retry}
        </Button>
      </AuthCard>
    );
  }

  const { request } = state;

  if (state.kind === 'approved') {
    return (
      <AuthCard title={t.approveEmailChange.approvedTitle}>
        <Alert tone="success">
          <p>{format(t.approveEmailChange.approved, { newEmail: request.newEmail })}</p>
          <p>{format(t.approveEmailChange.approvedUndo, { email: request.email })}</p>
        </Alert>
        <Link className="button button--primary button--block" to="/">
          {t.common.continue}
        </Link>
      </AuthCard>
    );
  }

  if (state.kind === 'refused') {
    return (
      <AuthCard title={t.approveEmailChange.refusedTitle}>
        <Alert tone="success">{format(t.approveEmailChange.refused, { email: request.email })}</Alert>
        <Alert tone="warning">{t.approveEmailChange.refusedAdvice}</Alert>
        <Link className="button button--primary button--block" to="/forgot-password">
          {t.approveEmailChange.changePassword}
        </Link>
      </AuthCard>
    );
  }

  const answer = async (choice: 'approve' | 'refuse') => {
    setPending(choice);
    setError(null);
    const call = choice === 'approve' ? authClient.links.approveEmailChange : authClient.links.refuseEmailChange;
    const result = await call({ token });
    setPending(null);
    if (result.error) {
      if (isDeadLink(result.error)) setState({ kind: 'dead' });
      else setError(result.error);
      return;
    }
    // both change what a signed-in browser holds: the address, or the session itself (refused)
    await refreshSession();
    setState({ kind: choice === 'approve' ? 'approved' : 'refused', request });
  };

  return (
    <AuthCard title={t.approveEmailChange.title} subtitle={t.approveEmailChange.intro}>
      {error ? (
        <Alert tone="error" focus>
          {describeError(error, t)}
        </Alert>
      ) : null}
      <dl className="facts stack">
        <div className="facts__row">
          <dt>{t.approveEmailChange.currentLabel}</dt>
          <dd className="facts__value">{request.email}</dd>
        </div>
        <div className="facts__row">
          <dt>{t.approveEmailChange.newLabel}</dt>
          <dd className="facts__value">{request.newEmail}</dd>
        </div>
      </dl>
      <div className="stack">
        <Button
          block
          onClick={() => answer('approve')}
          pending={pending === 'approve'}
          pendingLabel={t.approveEmailChange.approving}
          disabled={pending !== null}
        >
          {t.approveEmailChange.approve}
        </Button>
        <Button
          variant="danger"
          block
          onClick={() => answer('refuse')}
          pending={pending === 'refuse'}
          pendingLabel={t.approveEmailChange.refusing}
          disabled={pending !== null}
          ariaDescribedBy="approve-refuse-hint"
        >
          {t.approveEmailChange.refuse}
        </Button>
        <p className="muted small" id="approve-refuse-hint">
          {t.approveEmailChange.refuseHint}
        </p>
      </div>
    </AuthCard>
  );
}
