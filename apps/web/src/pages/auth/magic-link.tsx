/**
 * `/magic-link?token=…&callbackURL=…`: where the server sends a browser that opened a magic link
 * it did not ask for (the mail read on another device, or a hostile page sending the browser to
 * the attacker's own link: docs/magic-link.md). Opening the page only reads which account the link
 * signs in to (POST /magic-link/describe spends nothing); the person's click on "Sign in" posts
 * /magic-link/confirm, which another site cannot do, and the browser goes where the server says.
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

/** Leaves the app for where the server sent the browser (a page here, or the operator's app). */
export const goTo = {
  assign: (url: string) => window.location.assign(url),
};

export function MagicLinkPage() {
  const { t } = useI18n();
  const [params] = useSearchParams();
  const token = params.get('token');
  if (!token) return <DeadLinkCard title={t.magicLinkConfirm.invalidTitle} body={t.magicLinkConfirm.missingToken} />;
  return (
    <ConfirmMagicLink
      token={token}
      callbackURL={params.get('callbackURL') ?? '/'}
      newUserCallbackURL={params.get('newUserCallbackURL')}
    />
  );
}

function ConfirmMagicLink({
  token,
  callbackURL,
  newUserCallbackURL,
}: {
  token: string;
  callbackURL: string;
  newUserCallbackURL: string | null;
}) {
  const { t, format } = useI18n();
  const description = useQuery(
    authQueryOptions(['web', 'magic-link', token] as const, () => authClient.links.describeMagicLink({ token })),
  );
  const confirm = useMutation({
    ...authMutationOptions(() =>
      authClient.links.confirmMagicLink({
        token,
        callbackURL,
        ...(newUserCallbackURL ? { newUserCallbackURL } : {}),
      }),
    ),
    // the session (or the two-factor step) is in the cookies now: a full page load reads it afresh
    onSuccess: (answer) => goTo.assign(answer.redirect),
  });
  const confirmError = authErrorOf(confirm.error);

  return (
    <MailedLinkGate
      description={description}
      answerError={confirmError}
      title={t.magicLinkConfirm.title}
      dead={{ title: t.magicLinkConfirm.invalidTitle, body: t.magicLinkConfirm.invalidBody }}
      retryLabel={t.magicLinkConfirm.retry}
    >
      {({ email, isNew }) => (
        <AuthCard key="ask" title={t.magicLinkConfirm.title}>
          {confirmError ? (
            <Alert tone="error" focus>
              {describeError(confirmError, t)}
            </Alert>
          ) : null}
          <p>{format(isNew ? t.magicLinkConfirm.creates : t.magicLinkConfirm.existing, { email })}</p>
          <Alert tone="warning">{t.magicLinkConfirm.warning}</Alert>
          <div className="stack">
            <Button
              block
              onClick={() => confirm.mutate()}
              pending={confirm.isPending || confirm.isSuccess}
              pendingLabel={t.magicLinkConfirm.submitting}
            >
              {t.magicLinkConfirm.submit}
            </Button>
            <Link className="button button--secondary button--block" to="/sign-in">
              {t.magicLinkConfirm.cancel}
            </Link>
          </div>
        </AuthCard>
      )}
    </MailedLinkGate>
  );
}
