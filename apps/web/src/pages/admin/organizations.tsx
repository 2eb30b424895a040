/**
 * /admin/organizations: every organization on the server, newest first, searched by name, slug or
 * id (GET /admin/list-organizations, paged by the server's cursor: "Show more"). The search lives
 * in the address (`?q=`), so a search can be shared and survives a reload.
 */
import { useInfiniteQuery } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { Button } from '../../components/button.tsx';
import { Field } from '../../components/field.tsx';
import { FullPageSpinner, PageHeading } from '../../components/layout.tsx';
import { getConfig } from '../../config.ts';
import { useI18n } from '../../i18n/i18n.tsx';
import { authErrorOf } from '../../lib/query.ts';
import { OrganizationLogo } from '../organization/ui.tsx';
import { organizationsQuery } from './queries.ts';
import type { AdminOrganization } from './types.ts';
import { LoadError, ShowMore } from './ui.tsx';

export function OrganizationsPage() {
  const { t, format } = useI18n();
  const [params, setParams] = useSearchParams();
  const search = params.get('q')?.trim() ?? '';
  const organizations = useInfiniteQuery(organizationsQuery(search));
  const error = authErrorOf(organizations.error);
  const list = organizations.data?.pages.flatMap((page) => page.organizations) ?? [];
  const total = organizations.data?.pages[0]?.total ?? 0;

  const apply = (value: string) => setParams(value ? { q: value } : {});

  return (
    <section className="card panel" aria-labelledby="admin-orgs-title">
      <PageHeading id="admin-orgs-title">{t.admin.organizationsTitle}</PageHeading>
      <p className="panel__description">{format(t.admin.organizationsDescription, { app: getConfig().appName })}</p>
      <OrganizationSearch key={search} search={search} onSearch={apply} />

      {organizations.isPending ? (
        <FullPageSpinner />
      ) : error && list.length === 0 ? (
        <LoadError error={error} retry={() => void organizations.refetch()} />
      ) : (
        <>
          {error ? <LoadError error={error} retry={() => void organizations.refetch()} /> : null}
          {list.length === 0 ? (
            <p className="muted admin-empty">{t.admin.noOrganizations}</p>
          ) : (
            <div className="admin-table-wrap" aria-busy={organizations.isFetching || undefined}>
              <table className="admin-table admin-table--orgs">
                <caption className="visually-hidden">{t.admin.organizationsTableLabel}</caption>
                <thead>
                  <tr>
                    <th scope="col">{t.admin.columnOrganization}</th>
                    <th scope="col">{t.admin.columnSlug}</th>
                    <th scope="col">{t.admin.columnMembers}</th>
                    <th scope="col">{t.admin.columnCreated}</th>
                  </tr>
                </thead>
                <tbody>
                  {list.map((organization) => (
                    <OrganizationRow key={organization.id} organization={organization} />
                  ))}
                </tbody>
              </table>
            </div>
          )}
          <div className="admin-pager">
            <p className="admin-pager__summary" aria-live="polite">
              {total === 0 ? '' : format(t.admin.organizationsShown, { shown: list.length, total })}
            </p>
            <ShowMore pages={organizations} />
          </div>
        </>
      )}
    </section>
  );
}

/** The search box: applied on submit, so each keystroke does not ask the server. */
function OrganizationSearch({ search, onSearch }: { search: string; onSearch: (value: string) => void }) {
  const { t } = useI18n();
  const [value, setValue] = useState(search);
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    onSearch(value.trim());
  };
  return (
    <search>
      <form className="admin-search" onSubmit={submit}>
        <Field
          id="admin-orgs-search"
          label={t.admin.orgSearchLabel}
          type="search"
          value={value}
          onValueChange={setValue}
          autoComplete="off"
          spellCheck={false}
          maxLength={255}
        />
        <div className="admin-search__buttons">
          <Button type="submit">{t.admin.searchSubmit}</Button>
          {search ? (
            <Button variant="ghost" onClick={() => onSearch('')}>
              {t.admin.searchClear}
            </Button>
          ) : null}
        </div>
      </form>
    </search>
  );
}

function OrganizationRow({ organization }: { organization: AdminOrganization }) {
  const { t, formatDate } = useI18n();
  return (
    <tr>
      <td data-label={t.admin.columnOrganization} className="admin-table__person">
        <Link to={`/admin/organizations/${encodeURIComponent(organization.id)}`} className="admin-person">
          <OrganizationLogo organization={organization} size={32} />
          <span className="admin-person__text">
            <span className="admin-person__name">{organization.name}</span>
            <span className="admin-person__email admin-mono">{organization.id}</span>
          </span>
        </Link>
      </td>
      <td data-label={t.admin.columnSlug}>
        <span className="admin-mono">{organization.slug}</span>
      </td>
      <td data-label={t.admin.columnMembers}>{organization.memberCount}</td>
      <td data-label={t.admin.columnCreated}>{formatDate(organization.createdAt)}</td>
    </tr>
  );
}
