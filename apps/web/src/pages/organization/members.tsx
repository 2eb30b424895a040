import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';
import { Alert } from '../../components/alert.tsx';
import { Badge } from '../../components/badge.tsx';
import { Button } from '../../components/button.tsx';
import { Avatar, FullPageSpinner, PageHeading } from '../../components/layout.tsx';
import { useI18n } from '../../i18n/i18n.tsx';
import { describeError } from '../../lib/errors.ts';
import { authErrorOf } from '../../lib/query.ts';
import type { MemberWithUser } from '../../lib/wire-types.ts';
import { useRemoveMember, useUpdateMemberRole } from './mutations.ts';
import { canChangeRole, canRemoveMember, primaryRole, type RoleName } from './permissions.ts';
import { membersQuery } from './queries.ts';
import { useActiveOrganization, useOrganizationFlash } from './state.ts';
import { ConfirmAction, RoleBadges, RoleSelect, roleLabel } from './ui.tsx';

/** `/organization/members`: everyone in the organization; role changes and removal where allowed. */
export function MembersPage() {
  const { t, format } = useI18n();
  const { organization, member: me, abilities } = useActiveOrganization();
  const members = useQuery(membersQuery(organization.id));
  const membersError = authErrorOf(members.error);
  const [note, setNote] = useState<string | null>(useOrganizationFlash());
  const changeRole = useUpdateMemberRole(organization.id);
  const removeMember = useRemoveMember(organization.id);
  const error = authErrorOf(changeRole.error ?? removeMember.error);
  const busy = changeRole.isPending
    ? `role:${changeRole.variables.member.id}`
    : removeMember.isPending
      ? `remove:${removeMember.variables.id}`
      : null;

  const list = members.data?.members ?? [];
  const actor = { id: me.id, role: me.role };
  const nameOf = (target: MemberWithUser) => target.user.name || target.user.email;

  const changeRoleOf = (target: MemberWithUser, role: RoleName) => {
    setNote(null);
    removeMember.reset();
    changeRole.mutate(
      { member: target, role },
      {
        onSuccess: () =>
          setNote(format(t.organization.roleChanged, { name: nameOf(target), role: roleLabel(role, t) })),
      },
    );
  };

  const remove = (target: MemberWithUser) => {
    setNote(null);
    changeRole.reset();
    removeMember.mutate(target, {
      onSuccess: () => setNote(format(t.organization.memberRemoved, { name: nameOf(target) })),
    });
  };

  return (
    <section className="card panel" aria-labelledby="org-members-title">
      <PageHeading id="org-members-title">{t.organization.members}</PageHeading>
      <p className="panel__description">{format(t.organization.membersDescription, { name: organization.name })}</p>
      {error ? (
        <Alert tone="error" focus>
          {describeError(error, t)}
        </Alert>
      ) : null}
      <div className="live" aria-live="polite">
        {note ? <Alert tone="success">{note}</Alert> : null}
      </div>
      {members.isPending ? (
        <FullPageSpinner />
      ) : membersError ? (
        <Alert tone="error">{describeError(membersError, t)}</Alert>
      ) : (
        <ul className="list" aria-label={t.organization.members}>
          {list.map((target) => {
            const name = target.user.name || target.user.email;
            const mine = target.id === me.id;
            const mayChange = canChangeRole(actor, target) && abilities.assignableRoles.length > 0;
            const mayRemove = canRemoveMember(actor, target, list);
            const current = primaryRole(target.role) ?? 'member';
            return (
              <li key={target.id} className={`list__item org-member${mine ? ' list__item--current' : ''}`}>
                <Avatar user={target.user} image={target.user.image ?? null} size={36} />
                <div className="list__main">
                  <p className="list__title">
                    {name} {mine ? <Badge tone="accent">{t.organization.you}</Badge> : null}
                  </p>
                  <p className="list__meta">{target.user.email}</p>
                  <p className="list__meta">
                    <RoleBadges role={target.role} />
                  </p>
                </div>
                {mayChange || mayRemove ? (
                  <div className="list__actions org-member__actions">
                    {mayChange ? (
                      <MemberRoleControl
                        member={target}
                        name={name}
                        current={current}
                        roles={abilities.assignableRoles}
                        pending={busy === `role:${target.id}`}
                        disabled={busy !== null}
                        onChange={(role) => changeRoleOf(target, role)}
                      />
                    ) : null}
                    {mayRemove ? (
                      <ConfirmAction
                        label={t.organization.remove}
                        ariaLabel={format(t.organization.removeLabel, { name })}
                        question={format(t.organization.removeQuestion, { name, organization: organization.name })}
                        confirmLabel={t.organization.removeConfirm}
                        pendingLabel={t.organization.removing}
                        pending={busy === `remove:${target.id}`}
                        disabled={busy !== null}
                        onConfirm={() => remove(target)}
                      />
                    ) : null}
                  </div>
                ) : null}
              </li>
            );
          })}
        </ul>
      )}
      {members.data && members.data.total > list.length ? (
        <p className="muted">
          {format(t.organization.membersShown, { shown: list.length, total: members.data.total })}
        </p>
      ) : null}
      {abilities.invite ? (
        <p className="org-hint">
          <Link to="/organization/invitations">{t.organization.inviteHint}</Link>
        </p>
      ) : null}
    </section>
  );
}

/** A role picker and its button; the call is made on the button, not on every arrow key in the list. */
function MemberRoleControl({
  member,
  name,
  current,
  roles,
  pending,
  disabled,
  onChange,
}: {
  member: MemberWithUser;
  name: string;
  current: RoleName;
  roles: readonly RoleName[];
  pending: boolean;
  disabled: boolean;
  onChange: (role: RoleName) => void;
}) {
  const { t, format } = useI18n();
  const [role, setRole] = useState<RoleName>(current);
  // an admin sees an owner's role but cannot grant it: keep the current value in the list
  const choices = roles.includes(current) ? roles : [current, ...roles];
  return (
    <div className="org-role-control">
      <RoleSelect
        id={`member-role-${member.id}`}
        label={format(t.organization.roleOf, { name })}
        hideLabel
        value={role}
        roles={choices}
        disabled={disabled}
        onChange={setRole}
      />
      <Button
        variant="secondary"
        onClick={() => onChange(role)}
        pending={pending}
        pendingLabel={t.common.saving}
        disabled={disabled || role === current}
        ariaLabel={format(t.organization.changeRoleLabel, { name })}
      >
        {t.organization.changeRole}
      </Button>
    </div>
  );
}
