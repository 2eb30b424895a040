/**
 * `/approve-email-change?token=…`: opened from the mail sent to the account's CURRENT address
 * when someone asks to move the account to a new one (packages/server/src/features/email-change).
 * Opening the page only reads the request (POST /change-email/describe): mail scanners follow
 * links, so approving and refusing are each a POST made by a click.
 */
import { authMutationOptions, authQueryOptions } from '@latch/react';
import { useMutation, useQuery } from '@tanstack/react-query';
import { Link, useSearchParams } from 'react-router';
import { Alert } from '../../components/alert.tsx';
import { Button } from '../../components/button.tsx';
import { AuthCard, FullPageSpinner } from '../../components/layout.tsx';
import { useI18n } from '../../i18n/i18n.tsx';
import { authClient } from '../../lib/auth.ts';
import { describeError, isDeadLink } from '../../lib/errors.ts';
import { authErrorOf } from '../../lib/query.ts';
import { useRefreshSession } from '../../lib/session.ts';

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
  // POST /change-email/describe spends nothing: a read, kept under the link's token (not under
  // the signed-in person's answers, which a change of person resets: refusing may sign them out)
  const description = useQuery(
    authQueryOptions(['web', 'email-change', token] as const, () => authClient.links.describeEmailChange({ token })),
  );
  const reply = useMutation({
    ...authMutationOptions((choice: 'approve' | 'refuse') =>
      choice === 'approve'
        ? authClient.links.approveEmailChange({ token })
        : authClient.links.refuseEmailChange({ token }),
    ),
    // both change what a signed-in browser holds: the address, or the session itself (refused)
    onSuccess: () => refreshSession(),
  });
  const readError = authErrorOf(description.error);
  const replyError = authErrorOf(reply.error);
  const pending = reply.isPending ? reply.variables : null;

  if (description.isPending) return <FullPageSpinner />;
  if ((readError && isDeadLink(readError)) || (replyError && isDeadLink(replyError))) {
    return <DeadLink body={t.approveEmailChange.invalidBody} />;
  }
  if (readError || !description.data) {
    return (
      <AuthCard title={t.approveEmailChange.title}>
        {readError ? (
          <Alert tone="error" focus>
            {describeError(readError, t)}
          </Alert>
        ) : null}
        <Button variant="secondary" block onClick={() => void description.refetch()} pending={description.isFetching}>
          {t.approveEmailChange.retry}
        </Button>
      </AuthCard>
    );
  }

  const request = description.data;

  if (reply.isSuccess && reply.variables === 'approve') {
    return (
      <AuthCard key="approved" title={t.approveEmailChange.approvedTitle}>
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

  if (reply.isSuccess && reply.variables === 'refuse') {
    return (
      <AuthCard key="refused" title={t.approveEmailChange.refusedTitle}>
        <Alert tone="success">{format(t.approveEmailChange.refused, { email: request.email })}</Alert>
        <Alert tone="warning">{t.approveEmailChange.refusedAdvice}</Alert>
        <Link className="button button--primary button--block" to="/forgot-password">
          {t.approveEmailChange.changePassword}
        </Link>
      </AuthCard>
    );
  }

  const answer = (choice: 'approve' | 'refuse') => reply.mutate(choice);
  const error = replyError;

  return (
    <AuthCard key="ask" title={t.approveEmailChange.title} subtitle={t.approveEmailChange.intro}>
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
