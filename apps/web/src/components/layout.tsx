import { lazy, type ReactNode, Suspense, useEffect, useId, useLayoutEffect, useRef, useState } from 'react';
import { Link, Navigate, useLocation } from 'react-router';
import { getConfig } from '../config.ts';
import { useI18n } from '../i18n/i18n.tsx';
import { isLanguageTag, LANGUAGES } from '../i18n/languages.ts';
import { useArrivedSignedOut, useSession } from '../lib/session.ts';
import { useTheme } from '../lib/theme.ts';
import type { User } from '../lib/wire-types.ts';
import { Spinner } from './button.tsx';
import { focusHeldByMessage } from './focus.ts';

// Only a signed-in person's header has it: fetched then, not with the sign-in page.
const SignedInHeader = lazy(() => import('./signed-in-header.tsx').then((m) => ({ default: m.SignedInHeader })));

/** Sets the document title as "<page> · <app>". */
export function usePageTitle(title: string): void {
  const { appName } = getConfig();
  useEffect(() => {
    document.title = title ? `${title} · ${appName}` : appName;
  }, [title, appName]);
}

/**
 * The page's <h1>. It takes focus when it appears (a new page, or a new step of one: a page that
 * shows another step renders a new card, keyed, so a new heading) and when the route's path
 * changes under it (the same page for another user), so that screen-reader users hear where they
 * are and keyboard users start from the top of the new content. Its text changing alone (its
 * language arriving late, or switched) moves nothing, and a query string changing is the same
 * page (a filter). An error message that took focus (components/alert.tsx) keeps it, whichever
 * of the two effects of one commit React runs first. Both run in the commit (layout effects), so
 * no later render can slip between a view appearing and its focus.
 */
export function PageHeading({ children, className, id }: { children: string; className?: string; id?: string }) {
  const ref = useRef<HTMLHeadingElement>(null);
  const { pathname } = useLocation();
  usePageTitle(children);
  // biome-ignore lint/correctness/useExhaustiveDependencies: focus on a new path (and on mount), never on new text
  useLayoutEffect(() => {
    if (focusHeldByMessage()) return;
    ref.current?.focus();
  }, [pathname]);
  return (
    <h1 ref={ref} id={id} tabIndex={-1} className={className ?? 'page-title'}>
      {children}
    </h1>
  );
}

export function Logo() {
  return (
    <svg className="logo" viewBox="0 0 32 32" aria-hidden="true" focusable="false">
      <rect width="32" height="32" rx="8" className="logo__bg" />
      <path d="M11 14v-3a5 5 0 0 1 10 0v3" fill="none" stroke="#fff" strokeWidth="2.5" strokeLinecap="round" />
      <rect x="8" y="14" width="16" height="11" rx="2.5" fill="#fff" />
      <circle cx="16" cy="19.5" r="1.8" className="logo__bg" />
    </svg>
  );
}

/**
 * The operator's logo (branding.logo) named by the app's name; without one, Latch's mark beside
 * the name. With a dark version, both are in the page and the stylesheet shows the one of the
 * theme in force (`<html data-theme>`, which the theme toggle sets), so it follows the toggle at once.
 */
export function BrandMark() {
  const { appName, branding } = getConfig();
  if (!branding.logo) {
    return (
      <>
        <Logo />
        <span className="brand__name">{appName}</span>
      </>
    );
  }
  if (branding.logo.dark === branding.logo.light) {
    return <img className="brand__logo" src={branding.logo.light} alt={appName} />;
  }
  return (
    <>
      <img className="brand__logo brand__logo--light" src={branding.logo.light} alt={appName} />
      <img className="brand__logo brand__logo--dark" src={branding.logo.dark} alt={appName} />
    </>
  );
}

export function LanguageSwitcher({ compact = false }: { compact?: boolean }) {
  const { t, lang, setLanguage } = useI18n();
  const id = useId();
  return (
    <div className={`lang-switch${compact ? ' lang-switch--compact' : ''}`}>
      <label htmlFor={id} className={compact ? 'visually-hidden' : 'field__label'}>
        {t.common.language}
      </label>
      <span className="lang-switch__icon" aria-hidden="true">
        <svg viewBox="0 0 20 20" className="icon" aria-hidden="true" focusable="false">
          <path
            fill="none"
            stroke="currentColor"
            strokeWidth="1.5"
            d="M10 2a8 8 0 1 0 0 16 8 8 0 0 0 0-16Zm-8 8h16M10 2c2.2 2.3 3.2 5 3.2 8s-1 5.7-3.2 8c-2.2-2.3-3.2-5-3.2-8S7.8 4.3 10 2Z"
          />
        </svg>
      </span>
      <select
        id={id}
        className="select lang-switch__select"
        value={lang}
        onChange={(event) => {
          if (isLanguageTag(event.target.value)) setLanguage(event.target.value);
        }}
      >
        {LANGUAGES.map((language) => (
          <option key={language.tag} value={language.tag} lang={language.tag}>
            {language.name}
          </option>
        ))}
      </select>
    </div>
  );
}

export function ThemeToggle() {
  const { t } = useI18n();
  const { theme, toggle } = useTheme();
  const label = theme === 'dark' ? t.common.themeToLight : t.common.themeToDark;
  return (
    <button type="button" className="icon-button" onClick={toggle} aria-label={label} title={label}>
      {theme === 'dark' ? (
        <svg viewBox="0 0 24 24" className="icon" aria-hidden="true" focusable="false">
          <circle cx="12" cy="12" r="4.5" fill="none" stroke="currentColor" strokeWidth="1.8" />
          <path
            stroke="currentColor"
            strokeWidth="1.8"
            strokeLinecap="round"
            d="M12 2v2m0 16v2M2 12h2m16 0h2M4.9 4.9l1.4 1.4m11.4 11.4 1.4 1.4M4.9 19.1l1.4-1.4M17.7 6.3l1.4-1.4"
          />
        </svg>
      ) : (
        <svg viewBox="0 0 24 24" className="icon" aria-hidden="true" focusable="false">
          <path
            fill="none"
            stroke="currentColor"
            strokeWidth="1.8"
            d="M20 14.5A8.5 8.5 0 0 1 9.5 4a8.5 8.5 0 1 0 10.5 10.5Z"
          />
        </svg>
      )}
    </button>
  );
}

function initials(user: Pick<User, 'name' | 'email'>): string {
  const source = user.name.trim() || user.email;
  const parts = source.split(/\s+/).filter(Boolean);
  const letters = parts.length > 1 ? `${parts[0]?.[0] ?? ''}${parts[parts.length - 1]?.[0] ?? ''}` : source.slice(0, 2);
  return letters.toUpperCase();
}

/** The person's picture, or their initials when there is none or it fails to load. */
export function Avatar({
  user,
  size = 32,
  image,
}: {
  user: Pick<User, 'name' | 'email'>;
  size?: number;
  image?: string | null;
}) {
  // remembers which address failed, so a new address gets a fresh try
  const [brokenImage, setBrokenImage] = useState<string | null>(null);
  const style = { width: size, height: size, fontSize: Math.round(size * 0.4) };
  if (image && brokenImage !== image) {
    return <img className="avatar" src={image} alt="" style={style} onError={() => setBrokenImage(image)} />;
  }
  return (
    <span className="avatar avatar--initials" style={style} aria-hidden="true">
      {initials(user)}
    </span>
  );
}

/**
 * Holds the organization switcher's row (a row of its own on a phone) while its code loads, so
 * that the page below does not jump down under the person's finger when it arrives. A server
 * without organizations answers the switcher's list with 404 and the row goes (styles.css).
 */
export function OrgRowPlaceholder() {
  return <span className="site-header__org-placeholder" aria-hidden="true" />;
}

/** The header's brand, language and theme: all a signed-out visitor's header has. */
function HeaderFrame({ children, org }: { children?: ReactNode; org?: ReactNode }) {
  return (
    <header className="site-header">
      <div className="site-header__inner">
        <Link to="/" className="brand">
          <BrandMark />
        </Link>
        {org}
        <div className="site-header__tools">
          <LanguageSwitcher compact />
          <ThemeToggle />
          {children}
        </div>
      </div>
    </header>
  );
}

/**
 * The page's header. A signed-in person's (organization switcher, admin link, their name, sign out)
 * is a file of its own (signed-in-header.tsx), fetched with the first signed-in page; until it is
 * here, the signed-out header stands in.
 */
export function SiteHeader() {
  const user = useSession().data?.user;
  if (!user) return <HeaderFrame />;
  return (
    <Suspense
      fallback={
        <HeaderFrame
          org={
            <div className="site-header__org">
              <OrgRowPlaceholder />
            </div>
          }
        />
      }
    >
      <SignedInHeader user={user} Frame={HeaderFrame} />
    </Suspense>
  );
}

export function SiteFooter() {
  const { t, format } = useI18n();
  const { appName, branding } = getConfig();
  const links = [
    { href: branding.supportURL, label: t.common.support },
    { href: branding.termsURL, label: t.common.terms },
    { href: branding.privacyURL, label: t.common.privacy },
  ].filter((link): link is { href: string; label: string } => link.href !== null);
  if (links.length === 0 && !branding.poweredBy) return null;
  return (
    <footer className="site-footer">
      {links.length > 0 ? (
        <nav aria-label={t.common.footerLinks}>
          <ul className="site-footer__links">
            {links.map((link) => (
              <li key={link.label}>
                <a href={link.href}>{link.label}</a>
              </li>
            ))}
          </ul>
        </nav>
      ) : null}
      {branding.poweredBy ? <p>{format(t.common.footer, { app: appName })}</p> : null}
    </footer>
  );
}

/** The centred card used by every signed-out screen. */
export function AuthCard({
  title,
  subtitle,
  children,
  footer,
}: {
  title: string;
  subtitle?: ReactNode;
  children: ReactNode;
  footer?: ReactNode;
}) {
  return (
    <div className="auth">
      <section className="card auth__card" aria-labelledby="page-title">
        <div className="auth__head">
          <PageHeading id="page-title" className="auth__title">
            {title}
          </PageHeading>
          {subtitle ? <p className="auth__subtitle">{subtitle}</p> : null}
        </div>
        {children}
      </section>
      {footer ? <div className="auth__footer">{footer}</div> : null}
    </div>
  );
}

export function FullPageSpinner() {
  const { t } = useI18n();
  return (
    <div className="page-loading">
      <Spinner label={t.common.loading} />
    </div>
  );
}

/** Renders its children only for a signed-in person; others go to sign-in and come back after. */
export function RequireSession({ children }: { children: ReactNode }) {
  const session = useSession();
  const location = useLocation();
  if (session.isPending) return <FullPageSpinner />;
  if (!session.data) {
    const next = encodeURIComponent(location.pathname + location.search);
    return <Navigate to={`/sign-in?next=${next}`} replace />;
  }
  return <>{children}</>;
}

/**
 * Signed-out screens send a signed-in person on to their destination, except right after a sign-out
 * led here (which this records first: lib/session.ts `useArrivedSignedOut`).
 */
export function RedirectIfSignedIn({ to, children }: { to: string; children: ReactNode }) {
  const session = useSession();
  const arrivingSignedOut = useArrivedSignedOut();
  if (session.isPending || arrivingSignedOut) return <FullPageSpinner />;
  if (session.data) return <Navigate to={to} replace />;
  return <>{children}</>;
}
