/**
 * /admin/users: everyone with an account, searched, filtered, sorted and paged by the server
 * (GET /admin/list-users, with the total of every match), several at a time banned, signed out or
 * deleted. The table's state lives in the address (user-list.ts).
 */
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { type FormEvent, useEffect, useMemo, useRef, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { Alert } from '../../components/alert.tsx';
import { Button } from '../../components/button.tsx';
import { Field } from '../../components/field.tsx';
import { Avatar, FullPageSpinner, PageHeading } from '../../components/layout.tsx';
import { getConfig } from '../../config.ts';
import { useI18n } from '../../i18n/i18n.tsx';
import { authErrorOf } from '../../lib/query.ts';
import { useSession } from '../../lib/session.ts';
import { BulkActions } from './bulk.tsx';
import { usersQuery } from './queries.ts';
import type { AdminUser } from './types.ts';
import { displayName, LoadError, RoleBadges, SelectField, UserStatusBadges, useAdminFlash } from './ui.tsx';
import {
  listUsersQuery,
  PAGE_SIZES,
  pageCount,
  readListState,
  type SearchField,
  searchUsesFilter,
  type UserFilter,
  type UserListState,
  type UserSort,
  writeListState,
} from './user-list.ts';

export function UsersPage() {
  const { t, format } = useI18n();
  const [params, setParams] = useSearchParams();
  const state = useMemo(() => readListState(params), [params]);
  const query = useMemo(() => listUsersQuery(state), [state]);
  const users = useQuery({ ...usersQuery(query), placeholderData: keepPreviousData });
  const loadError = authErrorOf(users.error);
  const flash = useAdminFlash();
  const me = useSession().data?.user.id;

  /** A change of search, filter, order or page size starts again at page 1. */
  const update = (change: Partial<UserListState>) => {
    const next = { ...state, page: 1, ...change };
    setParams(writeListState(next));
  };

  // the selection outlives the page shown, so people can be chosen across pages
  const [selected, setSelected] = useState<ReadonlyMap<string, AdminUser>>(new Map());
  const toggle = (user: AdminUser, on: boolean) =>
    setSelected((current) => {
      const next = new Map(current);
      if (on) next.set(user.id, user);
      else next.delete(user.id);
      return next;
    });
  const list = users.data?.users ?? [];
  const total = users.data?.total ?? 0;
  const pages = pageCount(total, state.pageSize);
  const allOnPage = list.length > 0 && list.every((user) => selected.has(user.id));
  const someOnPage = list.some((user) => selected.has(user.id));
  const togglePage = (on: boolean) =>
    setSelected((current) => {
      const next = new Map(current);
      for (const user of list) {
        if (on) next.set(user.id, user);
        else next.delete(user.id);
      }
      return next;
    });

  const from = total === 0 ? 0 : (state.page - 1) * state.pageSize + 1;
  const to = Math.min(total, state.page * state.pageSize);

  return (
    <section className="card panel" aria-labelledby="admin-users-title">
      <div className="admin-head">
        <PageHeading id="admin-users-title">{t.admin.usersTitle}</PageHeading>
        <Link to="/admin/users/new" className="button button--primary">
          <span>{t.admin.createUser}</span>
        </Link>
      </div>
      <p className="panel__description">{format(t.admin.usersDescription, { app: getConfig().appName })}</p>
      <div className="live" aria-live="polite">
        {flash ? <Alert tone="success">{flash}</Alert> : null}
      </div>

      <UserSearch key={`${state.search}|${state.searchIn}`} state={state} onSearch={update} />
      <div className="admin-toolbar">
        <SelectField<UserFilter>
          id="admin-users-filter"
          label={t.admin.filterLabel}
          value={searchUsesFilter(state) ? 'all' : state.filter}
          disabled={searchUsesFilter(state)}
          hint={searchUsesFilter(state) ? t.admin.filterTakenBySearch : undefined}
          options={[
            { value: 'all', label: t.admin.filterAll },
            { value: 'admins', label: t.admin.filterAdmins },
            { value: 'banned', label: t.admin.filterBanned },
            { value: 'notBanned', label: t.admin.filterNotBanned },
            { value: 'verified', label: t.admin.filterVerified },
            { value: 'unverified', label: t.admin.filterUnverified },
          ]}
          onChange={(filter) => update({ filter })}
        />
        <SelectField<UserSort>
          id="admin-users-sort"
          label={t.admin.sortLabel}
          value={state.sort}
          options={[
            { value: 'newest', label: t.admin.sortNewest },
            { value: 'oldest', label: t.admin.sortOldest },
            { value: 'email', label: t.admin.sortEmail },
            { value: 'emailDesc', label: t.admin.sortEmailDesc },
            { value: 'name', label: t.admin.sortName },
            { value: 'nameDesc', label: t.admin.sortNameDesc },
            { value: 'recentlyChanged', label: t.admin.sortRecentlyChanged },
            { value: 'bannedFirst', label: t.admin.sortBannedFirst },
            { value: 'role', label: t.admin.sortRole },
          ]}
          onChange={(sort) => update({ sort })}
        />
        <SelectField
          id="admin-users-size"
          label={t.admin.pageSizeLabel}
          value={String(state.pageSize)}
          options={PAGE_SIZES.map((size) => ({ value: String(size), label: String(size) }))}
          onChange={(size) => update({ pageSize: Number(size) })}
        />
      </div>

      <BulkActions
        selected={[...selected.values()]}
        onClear={() => setSelected(new Map())}
        onDone={(changed) =>
          setSelected((current) => {
            const next = new Map(current);
            for (const id of changed) next.delete(id);
            return next;
          })
        }
      />

      {users.isPending ? (
        <FullPageSpinner />
      ) : loadError && !users.data ? (
        <LoadError error={loadError} retry={() => void users.refetch()} />
      ) : (
        <>
          {loadError ? <LoadError error={loadError} retry={() => void users.refetch()} /> : null}
          <div className="admin-table-wrap" aria-busy={users.isFetching || undefined}>
            <table className="admin-table admin-table--users">
              <caption className="visually-hidden">{t.admin.usersTableLabel}</caption>
              <thead>
                <tr>
                  <th scope="col" className="admin-table__check">
                    <PageCheckbox
                      checked={allOnPage}
                      mixed={someOnPage && !allOnPage}
                      disabled={list.length === 0}
                      label={t.admin.selectPage}
                      onChange={togglePage}
                    />
                  </th>
                  <th scope="col">{t.admin.columnPerson}</th>
                  <th scope="col">{t.admin.columnUsername}</th>
                  <th scope="col">{t.admin.columnRole}</th>
                  <th scope="col">{t.admin.columnStatus}</th>
                  <th scope="col">{t.admin.columnCreated}</th>
                </tr>
              </thead>
              <tbody>
                {list.map((user) => (
                  <UserRow
                    key={user.id}
                    user={user}
                    isMe={user.id === me}
                    selected={selected.has(user.id)}
                    onSelect={(on) => toggle(user, on)}
                  />
                ))}
              </tbody>
            </table>
          </div>
          {list.length === 0 ? <p className="muted admin-empty">{t.admin.noUsers}</p> : null}
          <nav className="admin-pager" aria-label={t.admin.paginationLabel}>
            <p className="admin-pager__summary" aria-live="polite">
              {total === 0 ? t.admin.showingNone : format(t.admin.showing, { from, to, total })}
            </p>
            <div className="admin-pager__buttons">
              <Button
                variant="secondary"
                disabled={state.page <= 1}
                onClick={() => setParams(writeListState({ ...state, page: state.page - 1 }))}
              >
                {t.admin.previousPage}
              </Button>
              <span className="admin-pager__page">{format(t.admin.pageOf, { page: state.page, pages })}</span>
              <Button
                variant="secondary"
                disabled={state.page >= pages}
                onClick={() => setParams(writeListState({ ...state, page: state.page + 1 }))}
              >
                {t.admin.nextPage}
              </Button>
            </div>
          </nav>
        </>
      )}
    </section>
  );
}

/** The search box: applied on submit, so each keystroke does not ask the server. */
function UserSearch({ state, onSearch }: { state: UserListState; onSearch: (change: Partial<UserListState>) => void }) {
  const { t } = useI18n();
  const [value, setValue] = useState(state.search);
  const [field, setField] = useState<SearchField>(state.searchIn);
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    onSearch({ search: value.trim(), searchIn: field });
  };
  return (
    <search>
      <form className="admin-search" onSubmit={submit}>
        <Field
          id="admin-users-search"
          label={t.admin.searchLabel}
          type="search"
          value={value}
          onValueChange={setValue}
          autoComplete="off"
          spellCheck={false}
          maxLength={255}
        />
        <SelectField<SearchField>
          id="admin-users-search-in"
          label={t.admin.searchIn}
          value={field}
          options={[
            { value: 'email', label: t.admin.searchInEmail },
            { value: 'name', label: t.admin.searchInName },
            { value: 'username', label: t.admin.searchInUsername },
            { value: 'id', label: t.admin.searchInId },
          ]}
          onChange={setField}
        />
        <div className="admin-search__buttons">
          <Button type="submit">{t.admin.searchSubmit}</Button>
          {state.search ? (
            <Button variant="ghost" onClick={() => onSearch({ search: '' })}>
              {t.admin.searchClear}
            </Button>
          ) : null}
        </div>
      </form>
    </search>
  );
}

function PageCheckbox({
  checked,
  mixed,
  disabled,
  label,
  onChange,
}: {
  checked: boolean;
  mixed: boolean;
  disabled: boolean;
  label: string;
  onChange: (on: boolean) => void;
}) {
  const ref = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (ref.current) ref.current.indeterminate = mixed;
  }, [mixed]);
  return (
    <input
      ref={ref}
      type="checkbox"
      className="check__input"
      checked={checked}
      disabled={disabled}
      aria-label={label}
      onChange={(event) => onChange(event.target.checked)}
    />
  );
}

function UserRow({
  user,
  isMe,
  selected,
  onSelect,
}: {
  user: AdminUser;
  isMe: boolean;
  selected: boolean;
  onSelect: (on: boolean) => void;
}) {
  const { t, format, formatDate } = useI18n();
  const name = displayName(user);
  return (
    <tr className={selected ? 'admin-table__row--selected' : undefined}>
      <td className="admin-table__check">
        <input
          type="checkbox"
          className="check__input"
          checked={selected}
          aria-label={format(t.admin.selectUser, { name })}
          onChange={(event) => onSelect(event.target.checked)}
        />
      </td>
      <td data-label={t.admin.columnPerson} className="admin-table__person">
        <Link to={`/admin/users/${encodeURIComponent(user.id)}`} className="admin-person">
          <Avatar user={user} image={user.image} size={32} />
          <span className="admin-person__text">
            <span className="admin-person__name">
              {name}
              {isMe ? <span className="badge badge--accent admin-person__you">{t.admin.badgeYou}</span> : null}
            </span>
            <span className="admin-person__email">{user.email}</span>
          </span>
        </Link>
      </td>
      <td data-label={t.admin.columnUsername}>{user.username ?? <span className="muted">—</span>}</td>
      <td data-label={t.admin.columnRole}>
        <span className="admin-badges">
          <RoleBadges role={user.role} />
        </span>
      </td>
      <td data-label={t.admin.columnStatus}>
        <UserStatusBadges user={user} />
      </td>
      <td data-label={t.admin.columnCreated}>{formatDate(user.createdAt)}</td>
    </tr>
  );
}
