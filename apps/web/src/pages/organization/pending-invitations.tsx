import type { invitations as invitationRows } from '@latch/contract';
import { useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useNavigate } from 'react-router';
import { Alert } from '../../components/alert.tsx';
import { Button } from '../../components/button.tsx';
import { useI18n } from '../../i18n/i18n.tsx';
import { describeError, errorCodeOf } from '../../lib/errors.ts';
import { authErrorOf } from '../../lib/query.ts';
import { useSession } from '../../lib/session.ts';
import type { AnswerOf } from '../../lib/wire-types.ts';
import { useAnswerPendingInvitation } from './mutations.ts';
import { userInvitationsQuery } from './queries.ts';
import { useSetOrganizationFlash } from './state.ts';
import { OrganizationLogo, RoleBadges } from './ui.tsx';

type UserInvitation = AnswerOf<typeof invitationRows.listUserInvitations>[number];

/**
 * The signed-in person's open invitations (GET /organization/list-user-invitations). The server
 * lists them only for a verified address; an account whose address is not verified yet gets none.
 */
export function usePendingInvitations() {
  const session = useSession();
  const verified = session.data?.user.emailVerified === true;
  const query = useQuery({ ...userInvitationsQuery(), enabled: verified });
  const open = (query.data ?? []).filter((invitation) => new Date(invitation.expiresAt).getTime() > Date.now());
  return { invitations: open, verified, query };
}

/**
 * The invitations waiting for the person, each with Accept and Decline: in the header's switcher
 * (`compact`) and on the organizations page. Accepting opens the organization's members with a
 * welcome note; declining leaves the person where they are and says so.
 */
export function PendingInvitations({ compact = false, onDone }: { compact?: boolean; onDone?: () => void }) {
  const { t, format, formatDate, formatRelative } = useI18n();
  const headingId = useId();
  const navigate = useNavigate();
  const setFlash = useSetOrganizationFlash();
  const { invitations, verified, query } = usePendingInvitations();
  const answer = useAnswerPendingInvitation();
  const busy = answer.isPending ? answer.variables : null;
  const error = authErrorOf(answer.error) ?? authErrorOf(query.error);
  // the declined invitation leaves the list: its organization's name is kept for the note
  const [declinedName, setDeclinedName] = useState<string | null>(null);

  const reply = (invitation: UserInvitation, kind: 'accept' | 'reject') => {
    setDeclinedName(null);
    answer.mutate(
      { invitationId: invitation.id, answer: kind },
      {
        onSuccess: () => {
          if (kind !== 'accept') {
            setDeclinedName(invitation.organizationName);
            return;
          }
          setFlash(format(t.organization.accepted, { organization: invitation.organizationName }));
          onDone?.();
          navigate('/organization/members');
        },
      },
    );
  };

  if (!verified) {
    return compact ? null : <p className="muted small">{t.organization.invitationsNeedVerifiedEmail}</p>;
  }
  // the address' own refusal (verification required) is said above; another failure is said here
  if (invitations.length === 0 && !declinedName && !error) return null;
  if (error && errorCodeOf(error) === 'EMAIL_VERIFICATION_REQUIRED_FOR_INVITATION') {
    return compact ? null : <p className="muted small">{t.organization.invitationsNeedVerifiedEmail}</p>;
  }

  return (
    <section className={compact ? 'org-pending org-pending--compact' : 'org-pending'} aria-labelledby={headingId}>
      <h2 id={headingId} className={compact ? 'org-switch__heading' : 'section-title'}>
        {t.organization.myInvitationsTitle}
      </h2>
      {error ? (
        <Alert tone="error" focus={answer.isError}>
          {describeError(error, t)}
        </Alert>
      ) : null}
      <div className="live" aria-live="polite">
        {declinedName ? (
          <Alert tone="info">{format(t.organization.rejected, { organization: declinedName })}</Alert>
        ) : null}
      </div>
      {invitations.length > 0 ? (
        <ul className={compact ? 'org-pending__list' : 'list'} aria-labelledby={headingId}>
          {invitations.map((invitation) => (
            <li key={invitation.id} className="list__item org-pending__item">
              <OrganizationLogo
                organization={{ name: invitation.organizationName, logo: null }}
                size={compact ? 28 : 36}
              />
              <div className="list__main">
                <p className="list__title">{invitation.organizationName}</p>
                <p className="list__meta">
                  <RoleBadges role={invitation.role} />
                </p>
                <p className="list__meta">
                  <span title={formatDate(invitation.expiresAt)}>
                    {format(t.organization.expires, { time: formatRelative(invitation.expiresAt) })}
                  </span>
                </p>
              </div>
              <div className="list__actions">
                <Button
                  onClick={() => reply(invitation, 'accept')}
                  pending={busy?.invitationId === invitation.id && busy.answer === 'accept'}
                  pendingLabel={t.organization.accepting}
                  disabled={busy !== null}
                  ariaLabel={format(t.organization.acceptLabel, { organization: invitation.organizationName })}
                >
                  {t.organization.accept}
                </Button>
                <Button
                  variant="secondary"
                  onClick={() => reply(invitation, 'reject')}
                  pending={busy?.invitationId === invitation.id && busy.answer === 'reject'}
                  pendingLabel={t.organization.rejecting}
                  disabled={busy !== null}
                  ariaLabel={format(t.organization.rejectLabel, { organization: invitation.organizationName })}
                >
                  {t.organization.reject}
                </Button>
              </div>
            </li>
          ))}
        </ul>
      ) : null}
    </section>
  );
}
