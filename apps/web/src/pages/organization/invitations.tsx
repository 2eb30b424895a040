import { useQuery } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { Alert } from '../../components/alert.tsx';
import { Button } from '../../components/button.tsx';
import { Field } from '../../components/field.tsx';
import { focusFirstInvalid } from '../../components/focus.ts';
import { FormFieldset } from '../../components/form-fieldset.tsx';
import { FullPageSpinner, PageHeading } from '../../components/layout.tsx';
import { useI18n } from '../../i18n/i18n.tsx';
import { describeError } from '../../lib/errors.ts';
import { authErrorOf } from '../../lib/query.ts';
import { type FieldErrors, hasErrors } from '../../lib/validation.ts';
import type { Invitation } from '../../lib/wire-types.ts';
import { checkInvitationEmail } from './checks.ts';
import { useCancelInvitation, useInviteMember } from './mutations.ts';
import type { RoleName } from './permissions.ts';
import { invitationsQuery } from './queries.ts';
import { useActiveOrganization, useOrganizationFlash } from './state.ts';
import { ConfirmAction, RoleBadges, RoleSelect } from './ui.tsx';

type Key = 'email';
const IDS: Record<Key, string> = { email: 'invite-email' };

/** `/organization/invitations`: invite by email with a role; pending invitations with resend and cancel. */
export function InvitationsPage() {
  const { t } = useI18n();
  const { abilities } = useActiveOrganization();
  if (!abilities.invite) {
    return (
      <section className="card panel" aria-labelledby="org-invite-title">
        <PageHeading id="org-invite-title">{t.organization.invitations}</PageHeading>
        <Alert tone="info">{t.organization.invitationsNotAllowed}</Alert>
      </section>
    );
  }
  return <ManageInvitations />;
}

function ManageInvitations() {
  const { t, format, formatDate, formatRelative } = useI18n();
  const { organization, abilities } = useActiveOrganization();
  const invitations = useQuery(invitationsQuery(organization.id));
  const invitationsError = authErrorOf(invitations.error);
  const [note, setNote] = useState<string | null>(useOrganizationFlash());
  const resendInvitation = useInviteMember(organization.id);
  const cancelInvitation = useCancelInvitation(organization.id);
  const error = authErrorOf(resendInvitation.error ?? cancelInvitation.error);
  const busy = resendInvitation.isPending
    ? `resend:${resendInvitation.variables.email}`
    : cancelInvitation.isPending
      ? `cancel:${cancelInvitation.variables}`
      : null;

  const pending = (invitations.data ?? [])
    .filter((invitation) => invitation.status === 'pending' && new Date(invitation.expiresAt).getTime() > Date.now())
    .sort((a, b) => new Date(b.expiresAt).getTime() - new Date(a.expiresAt).getTime());

  const resend = (invitation: Invitation) => {
    setNote(null);
    cancelInvitation.reset();
    resendInvitation.mutate(
      { email: invitation.email, role: invitation.role, resend: true },
      { onSuccess: () => setNote(format(t.organization.invitationResent, { email: invitation.email })) },
    );
  };

  const cancel = (invitation: Invitation) => {
    setNote(null);
    resendInvitation.reset();
    cancelInvitation.mutate(invitation.id, {
      onSuccess: () => setNote(format(t.organization.invitationCanceled, { email: invitation.email })),
    });
  };

  return (
    <>
      <section className="card panel" aria-labelledby="org-invite-title">
        <PageHeading id="org-invite-title">{t.organization.inviteTitle}</PageHeading>
        <p className="panel__description">{format(t.organization.inviteDescription, { name: organization.name })}</p>
        <InviteForm
          roles={abilities.assignableRoles}
          onInvited={(email) => {
            resendInvitation.reset();
            cancelInvitation.reset();
            setNote(format(t.organization.invitationSent, { email }));
          }}
        />
      </section>
      <section className="card panel" aria-labelledby="org-pending-title">
        <h2 id="org-pending-title" className="section-title">
          {t.organization.pendingTitle}
        </h2>
        {error ? (
          <Alert tone="error" focus>
            {describeError(error, t)}
          </Alert>
        ) : null}
        <div className="live" aria-live="polite">
          {note ? <Alert tone="success">{note}</Alert> : null}
        </div>
        {invitations.isPending ? (
          <FullPageSpinner />
        ) : invitationsError ? (
          <Alert tone="error">{describeError(invitationsError, t)}</Alert>
        ) : pending.length === 0 ? (
          <p className="muted">{t.organization.noPending}</p>
        ) : (
          <ul className="list" aria-labelledby="org-pending-title">
            {pending.map((invitation) => (
              <li key={invitation.id} className="list__item">
                <div className="list__main">
                  <p className="list__title">{invitation.email}</p>
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
                    variant="secondary"
                    onClick={() => resend(invitation)}
                    pending={busy === `resend:${invitation.email}`}
                    pendingLabel={t.organization.resending}
                    disabled={busy !== null}
                    ariaLabel={format(t.organization.resendLabel, { email: invitation.email })}
                  >
                    {t.organization.resend}
                  </Button>
                  {abilities.cancelInvitation ? (
                    <ConfirmAction
                      label={t.organization.cancelInvitation}
                      ariaLabel={format(t.organization.cancelInvitationLabel, { email: invitation.email })}
                      question={format(t.organization.cancelInvitationQuestion, { email: invitation.email })}
                      confirmLabel={t.organization.cancelInvitationConfirm}
                      pendingLabel={t.organization.canceling}
                      pending={busy === `cancel:${invitation.id}`}
                      disabled={busy !== null}
                      onConfirm={() => cancel(invitation)}
                    />
                  ) : null}
                </div>
              </li>
            ))}
          </ul>
        )}
      </section>
    </>
  );
}

function InviteForm({ roles, onInvited }: { roles: readonly RoleName[]; onInvited: (email: string) => void }) {
  const { t } = useI18n();
  const { organization } = useActiveOrganization();
  const invite = useInviteMember(organization.id);
  const [email, setEmail] = useState('');
  const [role, setRole] = useState<RoleName>('member');
  const [errors, setErrors] = useState<FieldErrors<Key>>({});

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const found: FieldErrors<Key> = { email: checkInvitationEmail(email, role, t) };
    setErrors(found);
    invite.reset();
    if (hasErrors(found)) {
      focusFirstInvalid(['email'], found, IDS);
      return;
    }
    const address = email.trim().toLowerCase();
    invite.mutate(
      { email: address, role },
      {
        onSuccess: () => {
          setEmail('');
          onInvited(address);
        },
      },
    );
  };

  return (
    <form className="form" onSubmit={onSubmit} noValidate>
      <FormFieldset legend={t.organization.inviteTitle} pending={invite.isPending} error={authErrorOf(invite.error)}>
        <div className="form__row org-invite-row">
          <Field
            id={IDS.email}
            label={t.organization.inviteEmailLabel}
            type="email"
            inputMode="email"
            autoComplete="off"
            spellCheck={false}
            value={email}
            onValueChange={setEmail}
            error={errors.email}
            required
          />
          <RoleSelect id="invite-role" label={t.organization.roleLabel} value={role} roles={roles} onChange={setRole} />
        </div>
        <div className="form__actions">
          <Button type="submit" pending={invite.isPending} pendingLabel={t.organization.inviting}>
            {t.organization.inviteSubmit}
          </Button>
        </div>
      </FormFieldset>
    </form>
  );
}
