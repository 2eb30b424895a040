import { useEffect, useRef } from 'react';
import { NavLink, useLocation } from 'react-router';

export interface TabNavItem {
  /** The link's target, e.g. `/settings/profile`. */
  to: string;
  label: string;
  /** Drawn as a dangerous destination (delete the account). */
  danger?: boolean;
}

/**
 * The section navigation of the settings and organization pages: a side list on wide screens,
 * and on phones tabs that wrap onto a second row rather than scroll sideways out of sight (so no
 * tab is hidden behind the edge without a cue). Same markup, CSS decides (styles.css
 * `.settings__nav`). The current section is marked `aria-current="page"` and kept in view.
 */
export function TabNav({ label, items }: { label: string; items: readonly TabNavItem[] }) {
  const { pathname } = useLocation();
  const navRef = useRef<HTMLElement>(null);
  // a deep link to a section low in the list starts with that section's tab in view
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on every change of page
  useEffect(() => {
    navRef.current?.querySelector('[aria-current="page"]')?.scrollIntoView?.({ block: 'nearest', inline: 'nearest' });
  }, [pathname]);
  return (
    <nav ref={navRef} aria-label={label} className="settings__nav">
      <ul>
        {items.map((item) => (
          <li key={item.to}>
            <NavLink
              to={item.to}
              className={({ isActive }) =>
                `settings__link${isActive ? ' settings__link--active' : ''}${item.danger ? ' settings__link--danger' : ''}`
              }
            >
              {item.label}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}
