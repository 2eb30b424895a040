import { useQuery } from '@tanstack/react-query';
import { type FormEvent, useId, useState } from 'react';
import { Alert } from '../../components/alert.tsx';
import { Badge } from '../../components/badge.tsx';
import { Button } from '../../components/button.tsx';
import { Field } from '../../components/field.tsx';
import { FormFieldset } from '../../components/form-fieldset.tsx';
import { FullPageSpinner } from '../../components/layout.tsx';
import { useI18n } from '../../i18n/i18n.tsx';
import { describeError, errorCodeOf } from '../../lib/errors.ts';
import { authErrorOf, succeeded } from '../../lib/query.ts';
import type { MemberWithUser, Team } from '../../lib/wire-types.ts';
import { checkTeamRename } from './checks.ts';
import { useRemoveTeam, useRenameTeam, useTeamMembership } from './mutations.ts';
import { teamMembersQuery } from './queries.ts';
import { useActiveOrganization } from './state.ts';
import { ConfirmAction } from './ui.tsx';

/** One team: its members, and rename / remove / add / take out where allowed. `onNote` says what was done. */
export function TeamCard({
  team,
  members,
  isLast,
  onNote,
}: {
  team: Team;
  members: MemberWithUser[];
  isLast: boolean;
  onNote: (message: string) => void;
}) {
  const { t, format } = useI18n();
  const { organization, abilities } = useActiveOrganization();
  const headingId = useId();
  const teamMembers = useQuery(teamMembersQuery(organization.id, team.id));
  const teamMembersError = authErrorOf(teamMembers.error);
  const removeTeam = useRemoveTeam(organization.id, team.id);
  const membership = useTeamMembership(organization.id, team.id);
  const [renaming, setRenaming] = useState(false);
  const error = authErrorOf(removeTeam.error ?? membership.error);
  const busy = removeTeam.isPending
    ? 'remove-team'
    : membership.isPending
      ? membership.variables.add
        ? 'add'
        : `remove:${membership.variables.userId}`
      : null;

  // the team the server made with the organization carries its name: said so, rather than looking like the organization itself
  const isDefault = team.name === organization.name;
  const byUser = new Map(members.map((member) => [member.userId, member]));
  const inTeam = new Set((teamMembers.data ?? []).map((tm) => tm.userId));
  const people = (teamMembers.data ?? []).map((tm) => ({ userId: tm.userId, member: byUser.get(tm.userId) ?? null }));
  const candidates = members.filter((member) => !inTeam.has(member.userId));
  const hiddenMembers = teamMembersError && errorCodeOf(teamMembersError) === 'USER_IS_NOT_A_MEMBER_OF_THE_TEAM';

  const personName = (member: MemberWithUser | null, userId: string) =>
    member ? member.user.name || member.user.email : userId;

  const remove = async () => {
    membership.reset();
    // the card leaves the screen with the team: the note is the page's
    if (await succeeded(removeTeam.mutateAsync())) onNote(format(t.organization.teamRemoved, { team: team.name }));
  };

  const takeOut = (userId: string, name: string) => {
    removeTeam.reset();
    membership.mutate(
      { userId, add: false },
      { onSuccess: () => onNote(format(t.organization.teamMemberRemoved, { name, team: team.name })) },
    );
  };

  const add = (member: MemberWithUser, added: () => void) => {
    removeTeam.reset();
    membership.mutate(
      { userId: member.userId, add: true },
      {
        onSuccess: () => {
          added();
          onNote(format(t.organization.teamMemberAdded, { name: personName(member, member.userId), team: team.name }));
        },
      },
    );
  };

  return (
    <section className="card panel org-team" aria-labelledby={headingId}>
      <div className="org-team__head">
        <div className="org-team__title">
          <h2 id={headingId} className="section-title">
            {team.name}
          </h2>
          {isDefault ? <Badge>{t.organization.defaultTeamBadge}</Badge> : null}
        </div>
        <div className="org-team__actions">
          {abilities.updateTeam && !renaming ? (
            <Button
              variant="secondary"
              onClick={() => setRenaming(true)}
              disabled={busy !== null}
              ariaLabel={format(t.organization.renameTeamLabel, { team: team.name })}
            >
              {t.organization.renameTeam}
            </Button>
          ) : null}
          {abilities.deleteTeam && !isLast ? (
            <ConfirmAction
              label={t.organization.removeTeam}
              ariaLabel={format(t.organization.removeTeamLabel, { team: team.name })}
              question={format(t.organization.removeTeamQuestion, { team: team.name })}
              confirmLabel={t.organization.removeTeamConfirm}
              pendingLabel={t.organization.removing}
              pending={busy === 'remove-team'}
              disabled={busy !== null}
              onConfirm={remove}
            />
          ) : null}
        </div>
      </div>
      {isDefault ? (
        <p className="panel__description">
          {format(t.organization.defaultTeamNote, { organization: organization.name })}
        </p>
      ) : null}
      {error ? (
        <Alert tone="error" focus>
          {describeError(error, t)}
        </Alert>
      ) : null}
      {renaming ? (
        <RenameTeamForm
          team={team}
          onDone={(name) => {
            setRenaming(false);
            if (name) onNote(format(t.organization.teamRenamed, { team: name }));
          }}
        />
      ) : null}
      <h3 className="org-team__subtitle">{t.organization.teamMembers}</h3>
      {teamMembers.isPending ? <FullPageSpinner /> : null}
      {hiddenMembers ? <p className="muted">{t.organization.teamMembersHidden}</p> : null}
      {teamMembersError && !hiddenMembers ? <Alert tone="error">{describeError(teamMembersError, t)}</Alert> : null}
      {teamMembers.data && people.length === 0 ? <p className="muted">{t.organization.teamEmpty}</p> : null}
      {people.length > 0 ? (
        <ul className="list" aria-label={format(t.organization.teamMembersOf, { team: team.name })}>
          {people.map(({ userId, member }) => {
            const name = personName(member, userId);
            return (
              <li key={userId} className="list__item">
                <div className="list__main">
                  <p className="list__title">{name}</p>
                  {member ? <p className="list__meta">{member.user.email}</p> : null}
                </div>
                {abilities.removeTeamMember ? (
                  <div className="list__actions">
                    <Button
                      variant="secondary"
                      onClick={() => takeOut(userId, name)}
                      pending={busy === `remove:${userId}`}
                      pendingLabel={t.organization.removing}
                      disabled={busy !== null}
                      ariaLabel={format(t.organization.removeFromTeamLabel, { name, team: team.name })}
                    >
                      {t.organization.removeFromTeam}
                    </Button>
                  </div>
                ) : null}
              </li>
            );
          })}
        </ul>
      ) : null}
      {abilities.addTeamMember && teamMembers.data && candidates.length > 0 ? (
        <AddTeamMemberForm
          team={team}
          candidates={candidates}
          pending={busy === 'add'}
          disabled={busy !== null}
          onAdd={add}
        />
      ) : null}
    </section>
  );
}

function AddTeamMemberForm({
  team,
  candidates,
  pending,
  disabled,
  onAdd,
}: {
  team: Team;
  candidates: MemberWithUser[];
  pending: boolean;
  disabled: boolean;
  /** Adds the person; `added` is called once they are in the team. */
  onAdd: (member: MemberWithUser, added: () => void) => void;
}) {
  const { t, format } = useI18n();
  const selectId = useId();
  const [choice, setChoice] = useState('');
  const [error, setError] = useState<string | null>(null);
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const member = candidates.find((c) => c.userId === choice);
    if (!member) {
      setError(t.organization.choosePerson);
      document.getElementById(selectId)?.focus();
      return;
    }
    setError(null);
    onAdd(member, () => setChoice(''));
  };
  const errorId = `${selectId}-error`;
  return (
    <form className="org-inline-form" onSubmit={onSubmit} noValidate>
      <div className={`field${error ? ' field--invalid' : ''}`}>
        <label className="field__label" htmlFor={selectId}>
          {format(t.organization.addToTeamLabel, { team: team.name })}
        </label>
        <select
          id={selectId}
          className="select"
          value={choice}
          disabled={disabled}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
          onChange={(event) => {
            setChoice(event.target.value);
            setError(null);
          }}
        >
          <option value="">{t.organization.choosePersonOption}</option>
          {candidates.map((member) => (
            <option key={member.userId} value={member.userId}>
              {member.user.name ? `${member.user.name} (${member.user.email})` : member.user.email}
            </option>
          ))}
        </select>
        {error ? (
          <p className="field__error" id={errorId}>
            {error}
          </p>
        ) : null}
      </div>
      <Button
        type="submit"
        variant="secondary"
        pending={pending}
        pendingLabel={t.organization.adding}
        disabled={disabled}
      >
        {t.organization.addToTeam}
      </Button>
    </form>
  );
}

function RenameTeamForm({ team, onDone }: { team: Team; onDone: (name: string | null) => void }) {
  const { t, format } = useI18n();
  const { organization } = useActiveOrganization();
  const rename = useRenameTeam(organization.id, team.id);
  const [name, setName] = useState(team.name);
  const [error, setError] = useState<string | undefined>(undefined);
  const id = `team-rename-${team.id}`;

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const found = checkTeamRename(team.id, name, t);
    setError(found);
    rename.reset();
    if (found) {
      document.getElementById(id)?.focus();
      return;
    }
    if (name.trim() === team.name) {
      onDone(null);
      return;
    }
    rename.mutate(name.trim(), { onSuccess: (renamed) => onDone(renamed.name) });
  };

  return (
    <form className="form" onSubmit={onSubmit} noValidate>
      <FormFieldset
        legend={format(t.organization.renameTeamLabel, { team: team.name })}
        pending={rename.isPending}
        error={authErrorOf(rename.error)}
      >
        <div className="org-inline-form">
          <Field
            id={id}
            label={t.organization.teamNameLabel}
            value={name}
            onValueChange={setName}
            error={error}
            required
            autoFocus
          />
          <Button type="submit" pending={rename.isPending} pendingLabel={t.common.saving}>
            {t.organization.saveName}
          </Button>
          <Button variant="ghost" onClick={() => onDone(null)} disabled={rename.isPending}>
            {t.organization.cancel}
          </Button>
        </div>
      </FormFieldset>
    </form>
  );
}
