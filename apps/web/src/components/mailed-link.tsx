/**
 * The frame of a page opened from a mailed link that asks before acting (pages/auth/magic-link.tsx,
 * pages/auth/confirm-email.tsx): while the page reads what the link is for (a `describe` call that
 * spends nothing) it shows a spinner; a dead link, a browser signed in as another account and an
 * unreadable answer each get their one screen; otherwise the page's question.
 */
import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Link, Navigate } from 'react-router';
import { useI18n } from '../i18n/i18n.tsx';
import { describeError, errorCodeOf, isDeadLink } from '../lib/errors.ts';
import { authErrorOf } from '../lib/query.ts';
import type { AuthError } from '../lib/wire-types.ts';
import { Alert } from './alert.tsx';
import { Button } from './button.tsx';
import { AuthCard, FullPageSpinner } from './layout.tsx';

/** A link that no longer works (or a page opened without one): what it says, and the way back. */
export function DeadLinkCard({ title, body }: { title: string; body: string }) {
  const { t } = useI18n();
  return (
    <AuthCard key="dead" title={title}>
      <Alert tone="error">{body}</Alert>
      <Link className="button button--primary button--block" to="/sign-in">
        {t.common.backToSignIn}
      </Link>
    </AuthCard>
  );
}

interface MailedLinkGateProps<T> {
  /** The page's read of the link. */
  description: UseQueryResult<T, Error>;
  /** The refusal of the page's answer, if any: a link spent meanwhile turns the page dead too. */
  answerError: AuthError | null;
  title: string;
  dead: { title: string; body: string };
  retryLabel: string;
  children: (data: T) => ReactNode;
}

export function MailedLinkGate<T>({
  description,
  answerError,
  title,
  dead,
  retryLabel,
  children,
}: MailedLinkGateProps<T>) {
  const { t } = useI18n();
  const readError = authErrorOf(description.error);
  const error = answerError ?? readError;
  if (description.isPending) return <FullPageSpinner />;
  if (error && isDeadLink(error)) return <DeadLinkCard title={dead.title} body={dead.body} />;
  // signed in here as another account: the error page names it and offers the sign-out
  if (error && errorCodeOf(error) === 'UNAUTHORIZED') return <Navigate to="/error?error=UNAUTHORIZED" replace />;
  if (description.data === undefined) {
    return (
      <AuthCard key="unread" title={title}>
        {readError ? (
          <Alert tone="error" focus>
            {describeError(readError, t)}
          </Alert>
        ) : null}
        <Button variant="secondary" block onClick={() => void description.refetch()} pending={description.isFetching}>
          {retryLabel}
        </Button>
      </AuthCard>
    );
  }
  return <>{children(description.data)}</>;
}
