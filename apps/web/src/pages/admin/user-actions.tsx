/**
 * What an admin can do to a person: ban or unban, set a password, act as them, delete them. Each
 * opens a dialog that says what will happen before it happens. Actions the server refuses for
 * this person (yourself; impersonating an admin) are not offered, and the page says why.
 */
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { Button } from '../../components/button.tsx';
import { PasswordField } from '../../components/field.tsx';
import { focusWhenReady } from '../../components/focus.ts';
import { PasswordStrength } from '../../components/password-strength.tsx';
import { useI18n } from '../../i18n/i18n.tsx';
import { describeError, isNewPasswordError } from '../../lib/errors.ts';
import { authErrorOf } from '../../lib/query.ts';
import { useSession } from '../../lib/session.ts';
import { HOME_PATH, passwordHint, validateNewPassword } from '../../lib/validation.ts';
import { BanFields, useBanFields } from './ban-fields.tsx';
import { ConfirmDialog } from './dialog.tsx';
import { useBanUser, useImpersonateUser, useRemoveUser, useSetUserPassword, useUnbanUser } from './mutations.ts';
import type { AdminUser } from './types.ts';
import { displayName, isAdminRole, useSetAdminFlash } from './ui.tsx';

type Asking = 'ban' | 'unban' | 'password' | 'impersonate' | 'delete';

export function UserActions({ user, onDone }: { user: AdminUser; onDone: (note: string) => void }) {
  const { t } = useI18n();
  const [asking, setAsking] = useState<Asking | null>(null);
  const me = useSession().data?.user;
  const self = me?.id === user.id;
  // the server's word (an id of adminUserIds is an admin whatever its role), the role for an older server
  const admin = user.isAdmin || isAdminRole(user.role);
  const close = () => setAsking(null);
  const done = (note: string) => {
    setAsking(null);
    onDone(note);
  };

  return (
    <section className="card panel" aria-labelledby="admin-actions-title">
      <h2 id="admin-actions-title" className="section-title">
        {t.admin.actionsTitle}
      </h2>
      {self ? <p className="muted">{t.admin.selfNote}</p> : null}
      {!self && admin ? <p className="muted">{t.admin.impersonateAdminNote}</p> : null}
      <div className="admin-actions">
        {self ? null : user.banned ? (
          <Button variant="secondary" onClick={() => setAsking('unban')}>
            {t.admin.unban}
          </Button>
        ) : (
          <Button variant="secondary" onClick={() => setAsking('ban')}>
            {t.admin.ban}
          </Button>
        )}
        {/* an admin's password is theirs to change, one's own included (docs/admin.md, admins acting on admins) */}
        {self || admin ? null : (
          <Button variant="secondary" onClick={() => setAsking('password')}>
            {t.admin.setPassword}
          </Button>
        )}
        {self || admin ? null : (
          <Button variant="secondary" onClick={() => setAsking('impersonate')}>
            {t.admin.impersonate}
          </Button>
        )}
        {self ? null : (
          <Button variant="danger" onClick={() => setAsking('delete')}>
            {t.admin.deleteUser}
          </Button>
        )}
      </div>
      {asking === 'ban' ? <BanDialog user={user} onClose={close} onDone={done} /> : null}
      {asking === 'unban' ? <UnbanDialog user={user} onClose={close} onDone={done} /> : null}
      {asking === 'password' ? <PasswordDialog user={user} onClose={close} onDone={done} /> : null}
      {asking === 'impersonate' && me ? (
        <ImpersonateDialog user={user} admin={{ id: me.id, name: me.name, email: me.email }} onClose={close} />
      ) : null}
      {asking === 'delete' ? <DeleteDialog user={user} onClose={close} /> : null}
    </section>
  );
}

interface DialogProps {
  user: AdminUser;
  onClose: () => void;
  onDone: (note: string) => void;
}

function BanDialog({ user, onClose, onDone }: DialogProps) {
  const { t, format } = useI18n();
  const ban = useBanUser(user.id);
  const fields = useBanFields();
  const name = displayName(user);
  return (
    <ConfirmDialog
      title={format(t.admin.banTitle, { name })}
      description={<p>{format(t.admin.banBody, { name })}</p>}
      confirmLabel={t.admin.banSubmit}
      pendingLabel={t.admin.banning}
      pending={ban.isPending}
      error={authErrorOf(ban.error)}
      initialFocus="admin-ban-reason"
      onConfirm={() => ban.mutate(fields.details, { onSuccess: () => onDone(format(t.admin.banned, { name })) })}
      onClose={onClose}
    >
      <BanFields idPrefix="admin-ban" fields={fields} />
    </ConfirmDialog>
  );
}

function UnbanDialog({ user, onClose, onDone }: DialogProps) {
  const { t, format } = useI18n();
  const unban = useUnbanUser(user.id);
  const name = displayName(user);
  return (
    <ConfirmDialog
      title={format(t.admin.unbanTitle, { name })}
      description={<p>{format(t.admin.unbanBody, { name })}</p>}
      confirmLabel={t.admin.unbanSubmit}
      pendingLabel={t.admin.unbanning}
      pending={unban.isPending}
      error={authErrorOf(unban.error)}
      tone="primary"
      onConfirm={() => unban.mutate(undefined, { onSuccess: () => onDone(format(t.admin.unbanned, { name })) })}
      onClose={onClose}
    />
  );
}

const PASSWORD_ID = 'admin-new-password';

function PasswordDialog({ user, onClose, onDone }: DialogProps) {
  const { t, format } = useI18n();
  const setPassword = useSetUserPassword(user.id);
  const [password, setValue] = useState('');
  const [error, setError] = useState<string | undefined>();
  const name = displayName(user);
  const serverError = authErrorOf(setPassword.error);
  const atField = serverError !== null && isNewPasswordError(serverError);
  const context = { name: user.name, email: user.email };

  const confirm = () => {
    const found = validateNewPassword(password, t, context);
    setError(found);
    if (found) {
      focusWhenReady(PASSWORD_ID);
      return;
    }
    setPassword.mutate(password, {
      onSuccess: () => onDone(format(t.admin.passwordSet, { name })),
      onError: (refusal) => {
        const wire = authErrorOf(refusal);
        if (wire && isNewPasswordError(wire)) focusWhenReady(PASSWORD_ID);
      },
    });
  };

  return (
    <ConfirmDialog
      title={format(t.admin.setPasswordTitle, { name })}
      description={<p>{format(t.admin.setPasswordBody, { name })}</p>}
      confirmLabel={t.admin.setPasswordSubmit}
      pendingLabel={t.admin.settingPassword}
      pending={setPassword.isPending}
      error={atField ? null : serverError}
      tone="primary"
      initialFocus={PASSWORD_ID}
      onConfirm={confirm}
      onClose={onClose}
    >
      <PasswordField
        id={PASSWORD_ID}
        label={t.admin.newPasswordLabel}
        hint={passwordHint(t)}
        value={password}
        onValueChange={setValue}
        error={error ?? (atField && serverError ? describeError(serverError, t) : undefined)}
        autoComplete="new-password"
        required
      />
      <PasswordStrength password={password} context={context} />
    </ConfirmDialog>
  );
}

function ImpersonateDialog({
  user,
  admin,
  onClose,
}: {
  user: AdminUser;
  admin: { id: string; name: string; email: string };
  onClose: () => void;
}) {
  const { t, format } = useI18n();
  const navigate = useNavigate();
  // the session is theirs now: the console is closed to it, their own pages are not
  const impersonate = useImpersonateUser(() => navigate(HOME_PATH));
  const name = displayName(user);
  return (
    <ConfirmDialog
      title={format(t.admin.impersonateTitle, { name })}
      description={<p>{format(t.admin.impersonateBody, { name })}</p>}
      confirmLabel={t.admin.impersonateSubmit}
      pendingLabel={t.admin.impersonating}
      pending={impersonate.isPending}
      error={authErrorOf(impersonate.error)}
      tone="primary"
      onConfirm={() => impersonate.mutate({ user, admin })}
      onClose={onClose}
    />
  );
}

function DeleteDialog({ user, onClose }: { user: AdminUser; onClose: () => void }) {
  const { t, format } = useI18n();
  const navigate = useNavigate();
  const setFlash = useSetAdminFlash();
  const name = displayName(user);
  const remove = useRemoveUser(user.id, () => {
    setFlash(format(t.admin.deleted, { name }));
    navigate('/admin/users');
  });
  return (
    <ConfirmDialog
      title={format(t.admin.deleteTitle, { name })}
      description={<p>{format(t.admin.deleteBody, { name, email: user.email })}</p>}
      confirmLabel={t.admin.deleteSubmit}
      pendingLabel={t.admin.deleting}
      pending={remove.isPending}
      error={authErrorOf(remove.error)}
      onConfirm={() => remove.mutate()}
      onClose={onClose}
    />
  );
}
