/**
 * `/confirm-email?token=…&callbackURL=…`: where the server sends a browser that opened the
 * verification link of an unproven, password-only account without having asked for it (the mail
 * read on another device, or the owner of an address someone else signed up with: docs/email-flows.md).
 * Opening the page only reads the address (POST /verify-email/describe spends nothing). "Yes, I
 * created it" verifies (this browser is not signed in); "No, I didn't" claims the address: the
 * password and sessions whoever set the account up had are removed, as a reset link would.
 */
import { authMutationOptions, authQueryOptions } from '@latch/react';
import { useMutation, useQuery } from '@tanstack/react-query';
import { Link, useSearchParams } from 'react-router';
import { Alert } from '../../components/alert.tsx';
import { Button } from '../../components/button.tsx';
import { AuthCard } from '../../components/layout.tsx';
import { DeadLinkCard, MailedLinkGate } from '../../components/mailed-link.tsx';
import { useI18n } from '../../i18n/i18n.tsx';
import { authClient } from '../../lib/auth.ts';
import { describeError } from '../../lib/errors.ts';
import { authErrorOf } from '../../lib/query.ts';
import { goTo } from './magic-link.tsx';

export function ConfirmEmailPage() {
  const { t } = useI18n();
  const [params] = useSearchParams();
  const token = params.get('token');
  if (!token) return <DeadLinkCard title={t.confirmEmail.invalidTitle} body={t.confirmEmail.missingToken} />;
  return <AskOwner token={token} callbackURL={params.get('callbackURL')} />;
}

function AskOwner({ token, callbackURL }: { token: string; callbackURL: string | null }) {
  const { t, format, formatRelative } = useI18n();
  const description = useQuery(
    authQueryOptions(['web', 'confirm-email', token] as const, () => authClient.links.describeVerification({ token })),
  );
  const answer = useMutation({
    ...authMutationOptions((mine: boolean) =>
      authClient.links.confirmVerification({ token, mine, ...(callbackURL ? { callbackURL } : {}) }),
    ),
    // verified: on to where the link was going (a full load: the app there reads its own state)
    onSuccess: (result) => {
      if (result.redirect) goTo.assign(result.redirect);
    },
  });
  const answerError = authErrorOf(answer.error);
  const pending = answer.isPending || (answer.isSuccess && answer.variables === true) ? answer.variables : null;

  return (
    <MailedLinkGate
      description={description}
      answerError={answerError}
      title={t.confirmEmail.title}
      dead={{ title: t.confirmEmail.invalidTitle, body: t.confirmEmail.invalidBody }}
      retryLabel={t.confirmEmail.retry}
    >
      {({ email, createdAt }) =>
        answer.isSuccess && answer.variables === false ? (
          <AuthCard key="claimed" title={t.confirmEmail.claimedTitle}>
            <Alert tone="success">{format(t.confirmEmail.claimed, { email })}</Alert>
            <Link className="button button--primary button--block" to="/forgot-password">
              {t.confirmEmail.setPassword}
            </Link>
          </AuthCard>
        ) : (
          <AuthCard key="ask" title={t.confirmEmail.title}>
            {answerError ? (
              <Alert tone="error" focus>
                {describeError(answerError, t)}
              </Alert>
            ) : null}
            <p>{format(t.confirmEmail.body, { email })}</p>
            <p>{format(t.confirmEmail.createdWhen, { when: formatRelative(createdAt) })}</p>
            <div className="stack">
              <Button
                block
                onClick={() => answer.mutate(true)}
                pending={pending === true}
                pendingLabel={t.confirmEmail.confirming}
                disabled={pending !== null}
              >
                {t.confirmEmail.mine}
              </Button>
              <Button
                variant="danger"
                block
                onClick={() => answer.mutate(false)}
                pending={pending === false}
                disabled={pending !== null}
                ariaDescribedBy="confirm-email-not-mine"
              >
                {t.confirmEmail.notMine}
              </Button>
              <p id="confirm-email-not-mine" className="muted">
                {t.confirmEmail.notMineHint}
              </p>
            </div>
          </AuthCard>
        )
      }
    </MailedLinkGate>
  );
}
