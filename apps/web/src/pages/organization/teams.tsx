import { useQuery } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { Alert } from '../../components/alert.tsx';
import { Button } from '../../components/button.tsx';
import { Field } from '../../components/field.tsx';
import { FormFieldset } from '../../components/form-fieldset.tsx';
import { FullPageSpinner, PageHeading } from '../../components/layout.tsx';
import { useI18n } from '../../i18n/i18n.tsx';
import { describeError } from '../../lib/errors.ts';
import { authErrorOf } from '../../lib/query.ts';
import { checkNewTeamName } from './checks.ts';
import { useCreateTeam } from './mutations.ts';
import { membersQuery, teamsQuery } from './queries.ts';
import { useActiveOrganization } from './state.ts';
import { TeamCard } from './team-card.tsx';

/** `/organization/teams`: the teams, their members, and create / rename / remove where allowed. */
export function TeamsPage() {
  const { t, format } = useI18n();
  const { organization, abilities } = useActiveOrganization();
  const teams = useQuery(teamsQuery(organization.id));
  // the organization's members as they are now (names for the team lists, people to add)
  const members = useQuery(membersQuery(organization.id));
  const teamsError = authErrorOf(teams.error);
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
          <CreateTeamForm onCreated={(name) => setNote(format(t.organization.teamCreated, { team: name }))} />
        ) : null}
        {teams.isPending ? <FullPageSpinner /> : null}
        {teamsError ? <Alert tone="error">{describeError(teamsError, t)}</Alert> : null}
        {teams.data && sorted.length === 0 ? <p className="muted">{t.organization.noTeams}</p> : null}
      </section>
      {sorted.map((team) => (
        <TeamCard key={team.id} team={team} members={people} isLast={sorted.length <= 1} onNote={setNote} />
      ))}
    </>
  );
}

function CreateTeamForm({ onCreated }: { onCreated: (name: string) => void }) {
  const { t } = useI18n();
  const { organization } = useActiveOrganization();
  const create = useCreateTeam(organization.id);
  const [name, setName] = useState('');
  const [error, setError] = useState<string | undefined>(undefined);

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const found = checkNewTeamName(organization.id, name, t);
    setError(found);
    create.reset();
    if (found) {
      document.getElementById('team-new-name')?.focus();
      return;
    }
    create.mutate(name.trim(), {
      onSuccess: (team) => {
        setName('');
        onCreated(team.name);
      },
    });
  };

  return (
    <form className="form" onSubmit={onSubmit} noValidate>
      <FormFieldset legend={t.organization.createTeam} pending={create.isPending} error={authErrorOf(create.error)}>
        <div className="org-inline-form">
          <Field
            id="team-new-name"
            label={t.organization.teamNameLabel}
            value={name}
            onValueChange={setName}
            error={error}
            required
          />
          <Button type="submit" pending={create.isPending} pendingLabel={t.organization.creatingTeam}>
            {t.organization.createTeam}
          </Button>
        </div>
      </FormFieldset>
    </form>
  );
}
