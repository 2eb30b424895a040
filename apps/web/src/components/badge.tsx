import type { ReactNode } from 'react';

export type BadgeTone = 'neutral' | 'accent' | 'ok' | 'warn';

/**
 * A small pill that labels a row (a role, "You", "Active", "Verified"). Every list draws its badges
 * with this one component, so the same word looks the same on the members and invitations lists.
 */
export function Badge({ tone = 'neutral', children }: { tone?: BadgeTone; children: ReactNode }) {
  return <span className={`badge badge--${tone}`}>{children}</span>;
}

/** Badges side by side, wrapping on a narrow screen; empty when there are none. */
export function BadgeRow({ children }: { children: ReactNode }) {
  return <span className="badge-row">{children}</span>;
}
