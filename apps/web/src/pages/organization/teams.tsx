import { authQueryOptions, latchKeys } from '@latch/react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useId, useState } from 'react';
import { Alert, Button, Field, FormFieldset } from '../../components/form.tsx';
import { FullPageSpinner, PageHeading } from '../../components/layout.tsx';
import { useI18n } from '../../i18n/i18n.tsx';
import type { Messages } from '../../i18n/messages.ts';
import { type AuthError, authClient, type MemberWithUser, type Team } from '../../lib/auth.ts';
import { describeError, errorCodeOf } from '../../lib/errors.ts';
import { authErrorOf } from '../../lib/query.ts';
import { useActiveOrganization } from './state.ts';
import { ConfirmAction } from './ui.tsx';

export const TEAM_NAME_MAX = 100;

function validateTeamName(value: string, t: Messages, format: (s: string, v: Record<string, number>) => string) {
  if (!value.trim()) return t.organization.teamNameRequired;
  if (value.trim().length > TEAM_NAME_MAX) return format(t.validation.nameTooLong, { max: TEAM_NAME_MAX });
  return undefined;
}

/** `/organization/teams`: the teams, their members, and create / rename / remove where allowed. */
export function TeamsPage() {
  const { t, format } = useI18n();
  const { organization, abilities } = useActiveOrganization();
  const queryClient = useQueryClient();
  const teams = useQuery(
    authQueryOptions(latchKeys.teams(organization.id), () =>
      authClient.organization.listTeams({ organizationId: organization.id }),
    ),
  );
  // the organization's members as they are now (names for the team lists, people to add)
  const members = useQuery(
    authQueryOptions(latchKeys.members({ organizationId: organization.id }), () =>
      authClient.organization.listMembers({ organizationId: organization.id }),
    ),
  );
  const teamsError = authErrorOf(teams.error);
  // a team's change reaches its list and every team's members below it in the key
  const teamsChanged = () => queryClient.invalidateQueries({ queryKey: latchKeys.teams(organization.id) });
  const people = members.data?.members ?? organization.members;
  const [note, setNote] = useState<string | null>(null);

  const sorted = [...(teams.data ?? [])].sort((a, b) => a.name.localeCompare(b.name));

  return (
    <>
      <section className="card panel" aria-labelledby="org-teams-title">
        <PageHeading id="org-teams-title">{t.organization.teams}</PageHeading>
        <p className="panel__description">{format(t.organization.teamsDescription, { name: organization.name })}</p>
        <div className="live" aria-live="polite">
          {note ? <Alert tone="success">{note}</Alert> : null}
        </div>
        {abilities.createTeam ? (
          <CreateTeamForm
            onCreated={async (team) => {
              setNote(format(t.organization.teamCreated, { team: team.name }));
              await teamsChanged();
            }}
          />
        ) : null}
        {teams.isPending ? <FullPageSpinner /> : null}
        {teamsError ? <Alert tone="error">{describeError(teamsError, t)}</Alert> : null}
        {teams.data && sorted.length === 0 ? <p className="muted">{t.organization.noTeams}</p> : null}
      </section>
      {sorted.map((team) => (
        <TeamCard
          key={team.id}
          team={team}
          members={people}
          isLast={sorted.length <= 1}
          onChanged={async (message) => {
            setNote(message);
            await teamsChanged();
          }}
        />
      ))}
    </>
  );
}

function CreateTeamForm({ onCreated }: { onCreated: (team: Team) => Promise<void> }) {
  const { t, format } = useI18n();
  const { organization } = useActiveOrganization();
  const [name, setName] = useState('');
  const [error, setError] = useState<string | undefined>(undefined);
  const [serverError, setServerError] = useState<AuthError | null>(null);
  const [pending, setPending] = useState(false);

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const found = validateTeamName(name, t, format);
    setError(found);
    setServerError(null);
    if (found) {
      document.getElementById('team-new-name')?.focus();
      return;
    }
    setPending(true);
    const result = await authClient.organization.createTeam({ name: name.trim(), organizationId: organization.id });
    setPending(false);
    if (result.error) {
      setServerError(result.error);
      return;
    }
    setName('');
    await onCreated(result.data);
  };

  return (
    <form className="form" onSubmit={onSubmit} noValidate>
      <FormFieldset legend={t.organization.createTeam} pending={pending} error={serverError}>
        <div className="org-inline-form">
          <Field
            id="team-new-name"
            label={t.organization.teamNameLabel}
            value={name}
            onValueChange={setName}
            error={error}
            required
          />
          <Button type="submit" pending={pending} pendingLabel={t.organization.creatingTeam}>
            {t.organization.createTeam}
          </Button>
        </div>
      </FormFieldset>
    </form>
  );
}

function TeamCard({
  team,
  members,
  isLast,
  onChanged,
}: {
  team: Team;
  members: MemberWithUser[];
  isLast: boolean;
  onChanged: (message: string) => Promise<void>;
}) {
  const { t, format } = useI18n();
  const { organization, abilities } = useActiveOrganization();
  const headingId = useId();
  const teamMembers = useQuery(
    authQueryOptions(latchKeys.teamMembers(team.id, organization.id), () =>
      authClient.organization.listTeamMembers({ teamId: team.id }),
    ),
  );
  const teamMembersError = authErrorOf(teamMembers.error);
  const [renaming, setRenaming] = useState(false);
  const [busy, setBusy] = useState<string | null>(null);
  const [error, setError] = useState<AuthError | null>(null);

  const byUser = new Map(members.map((member) => [member.userId, member]));
  const inTeam = new Set((teamMembers.data ?? []).map((tm) => tm.userId));
  const people = (teamMembers.data ?? []).map((tm) => ({ userId: tm.userId, member: byUser.get(tm.userId) ?? null }));
  const candidates = members.filter((member) => !inTeam.has(member.userId));
  const hiddenMembers = teamMembersError && errorCodeOf(teamMembersError) === 'USER_IS_NOT_A_MEMBER_OF_THE_TEAM';

  const run = async (key: string, call: () => Promise<{ error: AuthError | null }>, message: string) => {
    setBusy(key);
    setError(null);
    const result = await call();
    setBusy(null);
    if (result.error) {
      setError(result.error);
      return false;
    }
    // onChanged invalidates the teams, this team's members with them
    await onChanged(message);
    return true;
  };

  const personName = (member: MemberWithUser | null, userId: string) =>
    member ? member.user.name || member.user.email : userId;

  return (
    <section className="card panel org-team" aria-labelledby={headingId}>
      <div className="org-team__head">
        <h2 id={headingId} className="section-title">
          {team.name}
        </h2>
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
              onConfirm={() =>
                run(
                  'remove-team',
                  () => authClient.organization.removeTeam({ teamId: team.id, organizationId: organization.id }),
                  format(t.organization.teamRemoved, { team: team.name }),
                )
              }
            />
          ) : null}
        </div>
      </div>
      {error ? (
        <Alert tone="error" focus>
          {describeError(error, t)}
        </Alert>
      ) : null}
      {renaming ? (
        <RenameTeamForm
          team={team}
          onDone={async (name) => {
            setRenaming(false);
            if (name) await onChanged(format(t.organization.teamRenamed, { team: name }));
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
                      onClick={() =>
                        run(
                          `remove:${userId}`,
                          () =>
                            authClient.organization.removeTeamMember({
                              teamId: team.id,
                              userId,
                              organizationId: organization.id,
                            }),
                          format(t.organization.teamMemberRemoved, { name, team: team.name }),
                        )
                      }
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
          onAdd={(member) =>
            run(
              'add',
              () =>
                authClient.organization.addTeamMember({
                  teamId: team.id,
                  userId: member.userId,
                  organizationId: organization.id,
                }),
              format(t.organization.teamMemberAdded, { name: personName(member, member.userId), team: team.name }),
            )
          }
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
  onAdd: (member: MemberWithUser) => Promise<boolean>;
}) {
  const { t, format } = useI18n();
  const selectId = useId();
  const [choice, setChoice] = useState('');
  const [error, setError] = useState<string | null>(null);
  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const member = candidates.find((c) => c.userId === choice);
    if (!member) {
      setError(t.organization.choosePerson);
      document.getElementById(selectId)?.focus();
      return;
    }
    setError(null);
    if (await onAdd(member)) setChoice('');
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

function RenameTeamForm({ team, onDone }: { team: Team; onDone: (name: string | null) => Promise<void> }) {
  const { t, format } = useI18n();
  const [name, setName] = useState(team.name);
  const [error, setError] = useState<string | undefined>(undefined);
  const [serverError, setServerError] = useState<AuthError | null>(null);
  const [pending, setPending] = useState(false);
  const id = `team-rename-${team.id}`;

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const found = validateTeamName(name, t, format);
    setError(found);
    setServerError(null);
    if (found) {
      document.getElementById(id)?.focus();
      return;
    }
    if (name.trim() === team.name) {
      await onDone(null);
      return;
    }
    setPending(true);
    const result = await authClient.organization.updateTeam({ teamId: team.id, data: { name: name.trim() } });
    setPending(false);
    if (result.error) {
      setServerError(result.error);
      return;
    }
    await onDone(result.data.name);
  };

  return (
    <form className="form" onSubmit={onSubmit} noValidate>
      <FormFieldset
        legend={format(t.organization.renameTeamLabel, { team: team.name })}
        pending={pending}
        error={serverError}
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
          <Button type="submit" pending={pending} pendingLabel={t.common.saving}>
            {t.organization.saveName}
          </Button>
          <Button variant="ghost" onClick={() => onDone(null)} disabled={pending}>
            {t.organization.cancel}
          </Button>
        </div>
      </FormFieldset>
    </form>
  );
}
