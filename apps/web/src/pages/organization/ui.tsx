import { type ReactNode, useId, useState } from 'react';
import { Badge, BadgeRow, type BadgeTone } from '../../components/badge.tsx';
import { Button } from '../../components/button.tsx';
import { useI18n } from '../../i18n/i18n.tsx';
import type { Messages } from '../../i18n/messages.ts';
import type { Organization } from '../../lib/wire-types.ts';
import { isRoleName, parseRoles, type RoleName } from './permissions.ts';
import './organization.css';

/** A role's name in the current language; unknown (custom) roles keep their own name. */
export function roleLabel(role: string, t: Messages): string {
  if (!isRoleName(role)) return role;
  const labels: Record<RoleName, string> = {
    owner: t.organization.roleOwner,
    admin: t.organization.roleAdmin,
    member: t.organization.roleMember,
  };
  return labels[role];
}

/** A role's badge tone: the same on every list (members, invitations, the invitation page). */
function roleTone(role: string): BadgeTone {
  return role === 'owner' ? 'accent' : role === 'admin' ? 'ok' : 'neutral';
}

/** The roles of a member or an invitation, one badge each, in one row. */
export function RoleBadges({ role }: { role: string }) {
  const { t } = useI18n();
  return (
    <BadgeRow>
      {parseRoles(role).map((name) => (
        <Badge key={name} tone={roleTone(name)}>
          {roleLabel(name, t)}
        </Badge>
      ))}
    </BadgeRow>
  );
}

/** The organization's logo, or its initials on a coloured square when there is none or it fails. */
export function OrganizationLogo({
  organization,
  size = 32,
}: {
  organization: Pick<Organization, 'name' | 'logo'>;
  size?: number;
}) {
  const [broken, setBroken] = useState<string | null>(null);
  const style = { width: size, height: size, fontSize: Math.round(size * 0.42) };
  const logo = organization.logo?.trim();
  if (logo && broken !== logo) {
    return <img className="org-logo" src={logo} alt="" style={style} onError={() => setBroken(logo)} />;
  }
  const letters = organization.name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((word) => word[0] ?? '')
    .join('')
    .toUpperCase();
  return (
    <span className="org-logo org-logo--initials" style={style} aria-hidden="true">
      {letters || '?'}
    </span>
  );
}

/**
 * A destructive action in two steps: the first button asks, the second (with Cancel beside it)
 * does it. No browser dialog, so it works the same with a keyboard, a screen reader and in tests.
 */
export function ConfirmAction({
  label,
  ariaLabel,
  question,
  confirmLabel,
  pendingLabel,
  pending,
  disabled,
  onConfirm,
  variant = 'danger',
}: {
  label: string;
  ariaLabel?: string;
  question: ReactNode;
  confirmLabel: string;
  pendingLabel: string;
  pending: boolean;
  disabled?: boolean;
  onConfirm: () => void;
  variant?: 'danger' | 'secondary';
}) {
  const { t } = useI18n();
  const [asking, setAsking] = useState(false);
  const questionId = useId();
  if (!asking) {
    return (
      <Button
        variant={variant === 'danger' ? 'secondary' : variant}
        onClick={() => setAsking(true)}
        disabled={disabled}
        {...(ariaLabel ? { ariaLabel } : {})}
      >
        {label}
      </Button>
    );
  }
  return (
    <fieldset className="confirm">
      <legend className="confirm__question" id={questionId}>
        {question}
      </legend>
      <div className="confirm__buttons">
        <Button
          variant="danger"
          onClick={onConfirm}
          pending={pending}
          pendingLabel={pendingLabel}
          ariaDescribedBy={questionId}
        >
          {confirmLabel}
        </Button>
        <Button variant="ghost" onClick={() => setAsking(false)} disabled={pending}>
          {t.organization.cancel}
        </Button>
      </div>
    </fieldset>
  );
}

/** A labelled native select for a role. */
export function RoleSelect({
  id,
  label,
  value,
  roles,
  onChange,
  disabled,
  hideLabel = false,
}: {
  id: string;
  label: string;
  value: string;
  roles: readonly RoleName[];
  onChange: (role: RoleName) => void;
  disabled?: boolean;
  hideLabel?: boolean;
}) {
  const { t } = useI18n();
  return (
    <div className="field org-role-field">
      <label className={hideLabel ? 'visually-hidden' : 'field__label'} htmlFor={id}>
        {label}
      </label>
      <select
        id={id}
        className="select"
        value={value}
        disabled={disabled}
        onChange={(event) => {
          if (isRoleName(event.target.value)) onChange(event.target.value);
        }}
      >
        {roles.map((role) => (
          <option key={role} value={role}>
            {roleLabel(role, t)}
          </option>
        ))}
      </select>
    </div>
  );
}
