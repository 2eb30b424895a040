import { useEffect, useId, useRef, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { useI18n } from '../i18n/i18n.tsx';
import { describeError } from '../lib/errors.ts';
import { authErrorOf } from '../lib/query.ts';
import { useSession } from '../lib/session.ts';
import { useSetActiveOrganization } from '../pages/organization/mutations.ts';
import { PendingInvitations, usePendingInvitations } from '../pages/organization/pending-invitations.tsx';
import { useOrganizationList, useRestoreOnlyOrganization } from '../pages/organization/state.ts';
import { OrganizationLogo } from '../pages/organization/ui.tsx';
import { Badge } from './badge.tsx';
import { Spinner } from './button.tsx';

/**
 * The header's organization menu: the person's organizations (the active one marked), switching,
 * and "Create organization". A disclosure (button + list), so it works with keyboard and screen
 * readers without an ARIA menu's extra key handling. Hidden when the server has no organizations.
 */
export function OrganizationSwitcher() {
  const { t, format } = useI18n();
  const session = useSession();
  const navigate = useNavigate();
  const list = useOrganizationList();
  useRestoreOnlyOrganization();
  const waiting = usePendingInvitations().invitations.length;
  const setActive = useSetActiveOrganization();
  const busy = setActive.isPending ? setActive.variables : null;
  const error = authErrorOf(setActive.error);
  const [open, setOpen] = useState(false);
  const panelId = useId();
  const rootRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    if (!open) return;
    const onPointer = (event: PointerEvent) => {
      if (rootRef.current && !rootRef.current.contains(event.target as Node)) setOpen(false);
    };
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') {
        setOpen(false);
        buttonRef.current?.focus();
      }
    };
    document.addEventListener('pointerdown', onPointer);
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('pointerdown', onPointer);
      document.removeEventListener('keydown', onKey);
    };
  }, [open]);

  // the organization plugin is off on this server: no switcher at all
  if (authErrorOf(list.error)?.status === 404) return null;

  const activeId = session.data?.session.activeOrganizationId ?? null;
  const organizations = list.data ?? [];
  const active = organizations.find((organization) => organization.id === activeId) ?? null;

  const choose = (organizationId: string) => {
    if (organizationId === activeId) {
      setOpen(false);
      navigate('/organization/members');
      return;
    }
    setActive.mutate(organizationId, {
      onSuccess: () => {
        setOpen(false);
        navigate('/organization/members');
      },
    });
  };

  return (
    <div className="org-switch" ref={rootRef}>
      <button
        ref={buttonRef}
        type="button"
        className="org-switch__button"
        aria-expanded={open}
        aria-controls={panelId}
        // the name may be cut with an ellipsis on a narrow screen: the whole of it on hover (and in the list below)
        title={active ? active.name : undefined}
        onClick={() => setOpen((value) => !value)}
      >
        {active ? <OrganizationLogo organization={active} size={22} /> : null}
        <span className="visually-hidden">{t.organization.switcherLabel}: </span>
        <span className="org-switch__name">{active ? active.name : t.organization.switcherNone}</span>
        {waiting > 0 ? (
          <span className="org-switch__count">
            <span aria-hidden="true">{waiting}</span>
            <span className="visually-hidden">, {format(t.organization.myInvitationsCount, { count: waiting })}</span>
          </span>
        ) : null}
        <svg className="icon org-switch__chevron" viewBox="0 0 20 20" aria-hidden="true" focusable="false">
          <path fill="none" stroke="currentColor" strokeWidth="1.8" d="m5 8 5 5 5-5" />
        </svg>
      </button>
      {open ? (
        <div className="org-switch__panel" id={panelId}>
          <PendingInvitations compact onDone={() => setOpen(false)} />
          <p className="org-switch__heading" id={`${panelId}-heading`}>
            {t.organization.switcherHeading}
          </p>
          {list.isPending ? <Spinner label={t.common.loading} /> : null}
          {organizations.length > 0 ? (
            <ul className="org-switch__list" aria-labelledby={`${panelId}-heading`}>
              {organizations.map((organization) => (
                <li key={organization.id}>
                  <button
                    type="button"
                    className="org-switch__item"
                    aria-current={organization.id === activeId ? 'true' : undefined}
                    disabled={busy !== null}
                    aria-busy={busy === organization.id || undefined}
                    onClick={() => choose(organization.id)}
                  >
                    <OrganizationLogo organization={organization} size={24} />
                    <span className="org-switch__item-name">{organization.name}</span>
                    {organization.id === activeId ? (
                      <Badge tone="accent">{t.organization.activeBadge}</Badge>
                    ) : busy === organization.id ? (
                      <Spinner />
                    ) : null}
                  </button>
                </li>
              ))}
            </ul>
          ) : list.data ? (
            <p className="org-switch__empty">{t.organization.switcherEmpty}</p>
          ) : null}
          {error ? (
            <p className="field__error" role="alert">
              {describeError(error, t)}
            </p>
          ) : null}
          <div className="org-switch__footer">
            {active ? (
              <Link to="/organization/settings" className="org-switch__link" onClick={() => setOpen(false)}>
                {t.organization.manage}
              </Link>
            ) : null}
            <Link to="/organization/new" className="org-switch__link" onClick={() => setOpen(false)}>
              {t.organization.create}
            </Link>
          </div>
        </div>
      ) : null}
    </div>
  );
}
