/** Small pieces the console's pages share: names, badges, the note for the next page, a copy button. */
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useState } from 'react';
import { Alert } from '../../components/alert.tsx';
import { Button } from '../../components/button.tsx';
import { useI18n } from '../../i18n/i18n.tsx';
import type { Messages } from '../../i18n/messages.ts';
import { describeError, isNetworkError } from '../../lib/errors.ts';
import type { AuthError } from '../../lib/wire-types.ts';
import type { AdminUser } from './types.ts';
import './admin.css';

/** What to call a person: their name, else their address. */
export function displayName(user: Pick<AdminUser, 'name' | 'email'>): string {
  return user.name.trim() || user.email;
}

/** A user's roles (`user.role` is comma-separated; none means the server's default role). */
export function rolesOf(role: string | null): string[] {
  return (role ?? '')
    .split(',')
    .map((name) => name.trim())
    .filter(Boolean);
}

export function isAdminRole(role: string | null): boolean {
  return rolesOf(role).includes('admin');
}

/** A role's name in the current language; roles an operator configured keep their own name. */
export function roleLabel(role: string, t: Messages): string {
  if (role === 'admin') return t.admin.roleAdmin;
  if (role === 'user') return t.admin.roleUser;
  return role;
}

/**
 * A user's stored roles, and, for a user the server says may act as an admin (`isAdmin`) without
 * the `admin` role among them (an id of `adminUserIds`, or another role of `adminRoles`), an admin
 * badge that says where it comes from.
 */
export function RoleBadges({ role, isAdmin = false }: { role: string | null; isAdmin?: boolean }) {
  const { t } = useI18n();
  const roles = rolesOf(role);
  const configured =
    isAdmin && !roles.includes('admin') ? (
      <span className="badge badge--accent">{t.admin.roleAdminConfigured}</span>
    ) : null;
  if (roles.length === 0)
    return (
      <>
        {configured}
        <span className="badge admin-badge">{t.admin.roleDefault}</span>
      </>
    );
  return (
    <>
      {configured}
      {roles.map((name) => (
        <span key={name} className={`badge${name === 'admin' ? ' badge--accent' : ' admin-badge'}`}>
          {roleLabel(name, t)}
        </span>
      ))}
    </>
  );
}

/** Banned (and until when), the address not verified, two-factor on: what an admin checks first. */
export function UserStatusBadges({ user }: { user: AdminUser }) {
  const { t, format, formatDate } = useI18n();
  return (
    <span className="admin-badges">
      {user.banned ? (
        <span className="badge admin-badge--danger">
          {user.banExpires
            ? format(t.admin.badgeBannedUntil, { date: formatDate(user.banExpires) })
            : t.admin.badgeBanned}
        </span>
      ) : null}
      {user.emailVerified ? null : <span className="badge badge--warn">{t.admin.badgeUnverified}</span>}
      {user.twoFactorEnabled ? <span className="badge badge--ok">{t.admin.badgeTwoFactor}</span> : null}
    </span>
  );
}

/** An audit event kind in plain words; a kind this build does not know keeps its name. */
export function eventLabel(type: string, t: Messages): string {
  const labels: Record<string, string> = t.admin.eventTypes;
  return Object.hasOwn(labels, type) ? (labels[type] as string) : type;
}

/** A server answer the page could not load, with "Try again" when the network was the problem. */
export function LoadError({ error, retry }: { error: AuthError; retry: () => void }) {
  const { t } = useI18n();
  return (
    <Alert
      tone="error"
      actions={
        isNetworkError(error) ? (
          <Button variant="secondary" onClick={retry}>
            {t.network.retry}
          </Button>
        ) : undefined
      }
    >
      {describeError(error, t)}
    </Alert>
  );
}

/** Copies a value; says so, or asks the person to copy it by hand when the browser refuses. */
export function CopyButton({ value }: { value: string }) {
  const { t } = useI18n();
  const [state, setState] = useState<'idle' | 'copied' | 'failed'>('idle');
  useEffect(() => {
    if (state !== 'copied') return;
    const timer = setTimeout(() => setState('idle'), 4_000);
    return () => clearTimeout(timer);
  }, [state]);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(value);
      setState('copied');
    } catch {
      setState('failed');
    }
  };
  return (
    <span className="admin-copy">
      <Button variant="secondary" onClick={() => void copy()}>
        {state === 'copied' ? t.admin.copied : t.admin.copy}
      </Button>
      <span className="admin-copy__status" role="status">
        {state === 'copied' ? t.admin.copiedNote : state === 'failed' ? t.admin.copyFailed : ''}
      </span>
    </span>
  );
}

// ---------------------------------------------------------------------------------------------
// A note for the next page ("Ada has been deleted."), kept in the query cache until shown once.

const FLASH_KEY = ['web', 'admin-flash'] as const;

export function useSetAdminFlash(): (message: string) => void {
  const queryClient = useQueryClient();
  return useCallback((message: string) => queryClient.setQueryData(FLASH_KEY, message), [queryClient]);
}

export function useAdminFlash(): string | null {
  const queryClient = useQueryClient();
  const [message] = useState(() => queryClient.getQueryData<string>(FLASH_KEY) ?? null);
  useEffect(() => {
    queryClient.removeQueries({ queryKey: FLASH_KEY, exact: true });
  }, [queryClient]);
  return message;
}

/** A labelled native select (with a hint bound to it when there is one). */
export function SelectField<V extends string>({
  id,
  label,
  value,
  options,
  onChange,
  disabled,
  hint,
}: {
  id: string;
  label: string;
  value: V;
  options: readonly { value: V; label: string }[];
  onChange: (value: V) => void;
  disabled?: boolean;
  hint?: string | undefined;
}) {
  const hintId = `${id}-hint`;
  return (
    <div className="field admin-select">
      <label className="field__label" htmlFor={id}>
        {label}
      </label>
      <select
        id={id}
        className="select"
        value={value}
        disabled={disabled}
        aria-describedby={hint ? hintId : undefined}
        onChange={(event) => {
          const chosen = options.find((option) => option.value === event.target.value);
          if (chosen) onChange(chosen.value);
        }}
      >
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
      {hint ? (
        <p className="field__hint" id={hintId}>
          {hint}
        </p>
      ) : null}
    </div>
  );
}

/** The pages of a list read by cursor (TanStack Query's infinite query), as ShowMore needs them. */
interface MorePages {
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  fetchNextPage: () => unknown;
}

/** "Show more" under a list read by cursor, while the server has a next page; `boxed` puts it on a line of its own. */
export function ShowMore({ pages, boxed = false }: { pages: MorePages; boxed?: boolean }) {
  const { t } = useI18n();
  if (!pages.hasNextPage) return null;
  const button = (
    <Button
      variant="secondary"
      onClick={() => void pages.fetchNextPage()}
      pending={pages.isFetchingNextPage}
      pendingLabel={t.admin.loadingMore}
    >
      {t.admin.showMore}
    </Button>
  );
  return boxed ? <div>{button}</div> : button;
}
