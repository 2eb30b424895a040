import { authQueryOptions, latchKeys } from '@latch/react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { Alert, Button, Field, FormFieldset, focusFirstInvalid } from '../../components/form.tsx';
import { FullPageSpinner, PageHeading } from '../../components/layout.tsx';
import { useI18n } from '../../i18n/i18n.tsx';
import { type AuthError, authClient, type Invitation } from '../../lib/auth.ts';
import { describeError } from '../../lib/errors.ts';
import { authErrorOf } from '../../lib/query.ts';
import { type FieldErrors, hasErrors, validateEmail } from '../../lib/validation.ts';
import type { RoleName } from './permissions.ts';
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
  const queryClient = useQueryClient();
  const invitations = useQuery(
    authQueryOptions(latchKeys.invitations(organization.id), () =>
      authClient.organization.listInvitations({ organizationId: organization.id }),
    ),
  );
  const invitationsError = authErrorOf(invitations.error);
  const invitationsChanged = () => queryClient.invalidateQueries({ queryKey: latchKeys.invitations(organization.id) });
  const [busy, setBusy] = useState<string | null>(null);
  const [error, setError] = useState<AuthError | null>(null);
  const [note, setNote] = useState<string | null>(useOrganizationFlash());

  const pending = (invitations.data ?? [])
    .filter((invitation) => invitation.status === 'pending' && new Date(invitation.expiresAt).getTime() > Date.now())
    .sort((a, b) => new Date(b.expiresAt).getTime() - new Date(a.expiresAt).getTime());

  const resend = async (invitation: Invitation) => {
    setBusy(`resend:${invitation.id}`);
    setError(null);
    setNote(null);
    const result = await authClient.organization.inviteMember({
      email: invitation.email,
      role: invitation.role,
      organizationId: organization.id,
      resend: true,
    });
    setBusy(null);
    if (result.error) {
      setError(result.error);
      return;
    }
    setNote(format(t.organization.invitationResent, { email: invitation.email }));
    await invitationsChanged();
  };

  const cancel = async (invitation: Invitation) => {
    setBusy(`cancel:${invitation.id}`);
    setError(null);
    setNote(null);
    const result = await authClient.organization.cancelInvitation({ invitationId: invitation.id });
    setBusy(null);
    if (result.error) {
      setError(result.error);
      return;
    }
    setNote(format(t.organization.invitationCanceled, { email: invitation.email }));
    await invitationsChanged();
  };

  return (
    <>
      <section className="card panel" aria-labelledby="org-invite-title">
        <PageHeading id="org-invite-title">{t.organization.inviteTitle}</PageHeading>
        <p className="panel__description">{format(t.organization.inviteDescription, { name: organization.name })}</p>
        <InviteForm
          roles={abilities.assignableRoles}
          onInvited={async (email) => {
            setError(null);
            setNote(format(t.organization.invitationSent, { email }));
            await invitationsChanged();
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
                    pending={busy === `resend:${invitation.id}`}
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

function InviteForm({ roles, onInvited }: { roles: readonly RoleName[]; onInvited: (email: string) => Promise<void> }) {
  const { t } = useI18n();
  const { organization } = useActiveOrganization();
  const [email, setEmail] = useState('');
  const [role, setRole] = useState<RoleName>('member');
  const [errors, setErrors] = useState<FieldErrors<Key>>({});
  const [serverError, setServerError] = useState<AuthError | null>(null);
  const [pending, setPending] = useState(false);

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const found: FieldErrors<Key> = { email: validateEmail(email, t) };
    setErrors(found);
    setServerError(null);
    if (hasErrors(found)) {
      focusFirstInvalid(['email'], found, IDS);
      return;
    }
    setPending(true);
    const address = email.trim().toLowerCase();
    const result = await authClient.organization.inviteMember({
      email: address,
      role,
      organizationId: organization.id,
    });
    setPending(false);
    if (result.error) {
      setServerError(result.error);
      return;
    }
    setEmail('');
    await onInvited(address);
  };

  return (
    <form className="form" onSubmit={onSubmit} noValidate>
      <FormFieldset legend={t.organization.inviteTitle} pending={pending} error={serverError}>
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
          <Button type="submit" pending={pending} pendingLabel={t.organization.inviting}>
            {t.organization.inviteSubmit}
          </Button>
        </div>
      </FormFieldset>
    </form>
  );
}
