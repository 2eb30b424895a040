/**
 * /admin/users: everyone with an account, searched, filtered, sorted and paged by the server
 * (GET /admin/list-users, with the count of every match up to 10,000), several at a time banned,
 * signed out or deleted. The table's state lives in the address (user-list.ts); pages follow the
 * server's cursor, and the cursors of the pages before are kept here for "Previous page".
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
  activeFilterCount,
  DEFAULT_STATE,
  type FlagFilter,
  listUsersQuery,
  MORE_FILTERS,
  type MoreFilters,
  PAGE_SIZES,
  type RoleFilter,
  readListState,
  type SearchField,
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
    setTrail([]);
    setParams(writeListState({ ...state, page: 1, after: '', ...change }));
  };
  // the cursors of the pages before this one ('' for the first), for "Previous page"
  const [trail, setTrail] = useState<readonly string[]>([]);
  // while the page before is still shown in place of the one asked for, its cursor is not this page's
  const nextCursor = users.isPlaceholderData ? null : (users.data?.nextCursor ?? null);
  const goNext = () => {
    if (!nextCursor) return;
    setTrail([...trail, state.after]);
    setParams(writeListState({ ...state, page: state.page + 1, after: nextCursor }));
  };
  const goBack = () => {
    // after a reload the cursors before are unknown: back to the first page
    const before = trail.at(-1);
    setTrail(trail.slice(0, -1));
    const page = before === undefined || before === '' ? 1 : state.page - 1;
    setParams(writeListState({ ...state, page, after: before ?? '' }));
  };
  const flagOptions = (label: { yes: string; no: string }) => [
    { value: 'any' as const, label: t.admin.optionAny },
    { value: 'yes' as const, label: label.yes },
    { value: 'no' as const, label: label.no },
  ];

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
  const capped = users.data?.totalCapped ?? false;
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

  const from = (state.page - 1) * state.pageSize + 1;
  const to = from + list.length - 1;

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
        <SelectField<RoleFilter>
          id="admin-users-role"
          label={t.admin.filterRole}
          value={state.role}
          options={[
            { value: 'any', label: t.admin.optionAny },
            { value: 'admins', label: t.admin.filterRoleAdmins },
            { value: 'users', label: t.admin.filterRoleUsers },
          ]}
          onChange={(role) => update({ role })}
        />
        <SelectField<FlagFilter>
          id="admin-users-banned"
          label={t.admin.filterBannedLabel}
          value={state.banned}
          options={flagOptions({ yes: t.admin.optionYes, no: t.admin.optionNo })}
          onChange={(banned) => update({ banned })}
        />
        <SelectField<FlagFilter>
          id="admin-users-verified"
          label={t.admin.filterVerifiedLabel}
          value={state.verified}
          options={flagOptions({ yes: t.admin.optionYes, no: t.admin.optionNo })}
          onChange={(verified) => update({ verified })}
        />
        <SelectField<FlagFilter>
          id="admin-users-two-factor"
          label={t.admin.filterTwoFactorLabel}
          value={state.twoFactor}
          options={flagOptions({ yes: t.admin.optionOn, no: t.admin.optionOff })}
          onChange={(twoFactor) => update({ twoFactor })}
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
      <MoreFiltersForm key={MORE_FILTERS.map((k) => state[k]).join('|')} state={state} onApply={update} />
      {activeFilterCount(state) > 0 ? (
        <p>
          <Button
            variant="ghost"
            onClick={() =>
              update({
                role: DEFAULT_STATE.role,
                banned: DEFAULT_STATE.banned,
                verified: DEFAULT_STATE.verified,
                twoFactor: DEFAULT_STATE.twoFactor,
                ...Object.fromEntries(MORE_FILTERS.map((k) => [k, DEFAULT_STATE[k]])),
              })
            }
          >
            {t.admin.clearFilters}
          </Button>
        </p>
      ) : null}

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
              {list.length === 0
                ? t.admin.showingNone
                : format(capped ? t.admin.showingCapped : t.admin.showing, {
                    from,
                    to,
                    total,
                  })}
            </p>
            <div className="admin-pager__buttons">
              <Button variant="secondary" disabled={state.page <= 1 && !state.after} onClick={goBack}>
                {t.admin.previousPage}
              </Button>
              <span className="admin-pager__page">{format(t.admin.pageNumber, { page: state.page })}</span>
              <Button variant="secondary" disabled={!nextCursor} onClick={goNext}>
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

/** Provider and date ranges: typed, then applied together. */
function MoreFiltersForm({
  state,
  onApply,
}: {
  state: UserListState;
  onApply: (change: Partial<UserListState>) => void;
}) {
  const { t } = useI18n();
  const [values, setValues] = useState<MoreFilters>(() => ({
    provider: state.provider,
    createdFrom: state.createdFrom,
    createdTo: state.createdTo,
    activeFrom: state.activeFrom,
    activeTo: state.activeTo,
  }));
  const set = (key: keyof MoreFilters) => (value: string) => setValues((v) => ({ ...v, [key]: value }));
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    onApply({ ...values, provider: values.provider.trim() });
  };
  const open = MORE_FILTERS.some((k) => state[k] !== '');
  return (
    <details className="admin-more-filters" open={open || undefined}>
      <summary>{t.admin.moreFilters}</summary>
      <form className="admin-toolbar" onSubmit={submit}>
        <Field
          id="admin-users-provider"
          label={t.admin.filterProvider}
          hint={t.admin.filterProviderHint}
          value={values.provider}
          onValueChange={set('provider')}
          autoComplete="off"
          spellCheck={false}
          maxLength={255}
        />
        <Field
          id="admin-users-created-from"
          label={t.admin.filterCreatedFrom}
          type="date"
          value={values.createdFrom}
          onValueChange={set('createdFrom')}
        />
        <Field
          id="admin-users-created-to"
          label={t.admin.filterCreatedTo}
          type="date"
          value={values.createdTo}
          onValueChange={set('createdTo')}
        />
        <Field
          id="admin-users-active-from"
          label={t.admin.filterActiveFrom}
          type="date"
          value={values.activeFrom}
          onValueChange={set('activeFrom')}
        />
        <Field
          id="admin-users-active-to"
          label={t.admin.filterActiveTo}
          type="date"
          value={values.activeTo}
          onValueChange={set('activeTo')}
        />
        <div className="admin-search__buttons">
          <Button type="submit">{t.admin.applyFilters}</Button>
        </div>
      </form>
    </details>
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
          <RoleBadges role={user.role} isAdmin={user.isAdmin} />
        </span>
      </td>
      <td data-label={t.admin.columnStatus}>
        <UserStatusBadges user={user} />
      </td>
      <td data-label={t.admin.columnCreated}>{formatDate(user.createdAt)}</td>
    </tr>
  );
}
