import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Link, useParams } from 'react-router';
import { Alert } from '../../components/alert.tsx';
import { Button } from '../../components/button.tsx';
import { AuthCard, FullPageSpinner } from '../../components/layout.tsx';
import { useI18n } from '../../i18n/i18n.tsx';
import { describeError, errorCodeOf } from '../../lib/errors.ts';
import { authErrorOf } from '../../lib/query.ts';
import { useSession } from '../../lib/session.ts';
import { useSignOut } from '../../lib/sign-out.ts';
import { HOME_PATH } from '../../lib/validation.ts';
import { useAnswerInvitation } from './mutations.ts';
import { invitationPreviewQuery, invitationQuery } from './queries.ts';
import { OrganizationLogo, RoleBadges } from './ui.tsx';

/**
 * `/accept-invitation/:id`, the page the invitation mail links to. Signed out: sign in first and
 * come back here. Signed in: who invites you to what, with Accept and Decline.
 */
export function AcceptInvitationPage() {
  const { t } = useI18n();
  const { id = '' } = useParams();
  const session = useSession();
  const here = `/accept-invitation/${encodeURIComponent(id)}`;

  if (session.isPending) return <FullPageSpinner />;
  if (!session.data) return <InvitationSignedOut key={id} id={id} here={here} />;
  return <InvitationAnswer key={id} id={id} email={session.data.user.email} here={here} />;
}

/**
 * Signed out: what the mail said (the organization, who invited, the role, the address), read
 * without a session, then sign in, or create an account with the invited address filled in; both
 * come back here. An invitation that is no longer open says so, and still offers to sign in.
 */
function InvitationSignedOut({ id, here }: { id: string; here: string }) {
  const { t, format } = useI18n();
  const preview = useQuery(invitationPreviewQuery(id));
  const previewError = authErrorOf(preview.error);
  const back = encodeURIComponent(here);
  if (preview.isPending) return <FullPageSpinner />;
  const details = preview.data;
  // answered, canceled, expired or never sent: nothing to sign in for
  if (!details && previewError && errorCodeOf(previewError) === 'INVITATION_NOT_FOUND') {
    return (
      <AuthCard title={t.organization.invitationTitle}>
        <Alert tone="error" title={t.organization.invitationUnavailable}>
          {describeError(previewError, t)}
        </Alert>
        <Link to="/sign-in" className="button button--secondary button--block">
          <span>{t.common.signIn}</span>
        </Link>
      </AuthCard>
    );
  }
  const signUpTo = details
    ? `/sign-up?email=${encodeURIComponent(details.email)}&next=${back}`
    : `/sign-up?next=${back}`;
  return (
    <AuthCard
      title={
        details
          ? format(t.organization.invitationJoin, { organization: details.organizationName })
          : t.organization.invitationTitle
      }
      subtitle={details ? format(t.organization.invitationFrom, { inviter: details.inviterName }) : undefined}
    >
      {details ? (
        <InvitationFacts
          organization={{ name: details.organizationName, logo: details.organizationLogo }}
          inviter={details.inviterName}
          role={details.role}
          email={details.email}
          expiresAt={details.expiresAt}
        />
      ) : (
        <Alert tone="error" title={t.organization.invitationUnavailable}>
          {previewError ? describeError(previewError, t) : t.errors.INVITATION_NOT_FOUND}
        </Alert>
      )}
      <p className="muted">
        {details
          ? format(t.organization.invitationSignInAs, { email: details.email })
          : t.organization.invitationSignInFirst}
      </p>
      <div className="stack">
        <Link to={`/sign-in?next=${back}`} className="button button--primary button--block">
          <span>{t.common.signIn}</span>
        </Link>
        <p className="muted small">{t.organization.invitationNoAccount}</p>
        <Link to={signUpTo} className="button button--secondary button--block">
          <span>{t.signIn.createAccount}</span>
        </Link>
      </div>
    </AuthCard>
  );
}

function InvitationAnswer({ id, email, here }: { id: string; email: string; here: string }) {
  const { t, format } = useI18n();
  const invitation = useQuery(invitationQuery(id));
  const invitationError = authErrorOf(invitation.error);
  const reply = useAnswerInvitation(id);
  const signOut = useSignOut();
  const error = authErrorOf(reply.error) ?? signOut.error;
  const busy = reply.isPending ? reply.variables : signOut.isPending ? 'switch' : null;
  const outcome = reply.isSuccess ? reply.variables : null;

  if (invitation.isPending) return <FullPageSpinner />;

  // signed in as someone else: sign out, then sign in as the invited person and come back here
  const switchAccount = () => void signOut.signOut(`/sign-in?next=${encodeURIComponent(here)}`);

  if (invitationError || !invitation.data) {
    const code = invitationError ? errorCodeOf(invitationError) : null;
    const notRecipient = code === 'YOU_ARE_NOT_THE_RECIPIENT_OF_THE_INVITATION';
    return (
      <AuthCard title={t.organization.invitationTitle}>
        <Alert
          tone={notRecipient ? 'warning' : 'error'}
          title={notRecipient ? undefined : t.organization.invitationUnavailable}
          focus
        >
          {notRecipient
            ? format(t.organization.invitationWrongAccount, { email })
            : invitationError
              ? describeError(invitationError, t)
              : t.errors.INVITATION_NOT_FOUND}
        </Alert>
        {notRecipient && error ? (
          <Alert tone="error" focus>
            {describeError(error, t)}
          </Alert>
        ) : null}
        <div className="stack">
          {notRecipient ? (
            <Button block onClick={switchAccount} pending={busy === 'switch'}>
              {t.organization.switchAccount}
            </Button>
          ) : null}
          <Link to="/organization" className="button button--secondary button--block">
            <span>{t.organization.goToOrganizations}</span>
          </Link>
        </div>
      </AuthCard>
    );
  }

  const details = invitation.data;
  // accepting makes the organization the active one (mutations.ts reads the session again)
  const answer = (kind: 'accept' | 'reject') => {
    signOut.reset();
    reply.mutate(kind);
  };

  if (outcome === 'accept') {
    return (
      <AuthCard key="accepted" title={format(t.organization.welcomeTitle, { organization: details.organizationName })}>
        <Alert tone="success">{format(t.organization.accepted, { organization: details.organizationName })}</Alert>
        <Link to="/organization/members" className="button button--primary button--block">
          <span>{t.organization.openOrganization}</span>
        </Link>
      </AuthCard>
    );
  }
  if (outcome === 'reject') {
    return (
      <AuthCard key="rejected" title={t.organization.invitationTitle}>
        <Alert tone="info">{format(t.organization.rejected, { organization: details.organizationName })}</Alert>
        <Link to={HOME_PATH} className="button button--secondary button--block">
          <span>{t.common.settings}</span>
        </Link>
      </AuthCard>
    );
  }

  return (
    <AuthCard
      key="ask"
      title={format(t.organization.invitationJoin, { organization: details.organizationName })}
      subtitle={format(t.organization.invitationFrom, { inviter: details.inviterName ?? details.inviterEmail })}
    >
      <InvitationFacts
        organization={{ name: details.organizationName, logo: null }}
        inviter={details.inviterName ?? details.inviterEmail}
        role={details.role}
        email={details.email}
        expiresAt={details.expiresAt}
      />
      {error ? (
        <Alert tone="error" focus>
          {describeError(error, t)}
        </Alert>
      ) : null}
      <div className="stack">
        <Button
          block
          onClick={() => answer('accept')}
          pending={busy === 'accept'}
          pendingLabel={t.organization.accepting}
          disabled={busy !== null}
        >
          {t.organization.accept}
        </Button>
        <Button
          block
          variant="secondary"
          onClick={() => answer('reject')}
          pending={busy === 'reject'}
          pendingLabel={t.organization.rejecting}
          disabled={busy !== null}
        >
          {t.organization.reject}
        </Button>
      </div>
    </AuthCard>
  );
}

/** What an invitation is, as both the signed-out preview and the signed-in answer show it. */
function InvitationFacts(props: {
  organization: { name: string; logo: string | null };
  inviter: string;
  role: string;
  email: string;
  expiresAt: Date | string;
}) {
  const { t, formatDate } = useI18n();
  const facts: [string, ReactNode][] = [
    [t.organization.organizationLabel, props.organization.name],
    [t.organization.invitedBy, props.inviter],
    [t.organization.roleLabel, <RoleBadges key="role" role={props.role} />],
    [t.organization.invitedAddress, props.email],
    [t.organization.validUntil, formatDate(props.expiresAt)],
  ];
  return (
    <div className="org-invitation">
      <OrganizationLogo organization={props.organization} size={56} />
      <dl className="facts">
        {facts.map(([term, value]) => (
          <div className="facts__row" key={term}>
            <dt>{term}</dt>
            <dd className="facts__value">{value}</dd>
          </div>
        ))}
      </dl>
    </div>
  );
}
