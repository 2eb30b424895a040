/**
 * Shared organization state: the person's organizations, the note for the next screen, the active
 * organization's context and the live slug check.
 */
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { createContext, useCallback, useContext, useEffect, useRef, useState } from 'react';
import type { Messages } from '../../i18n/messages.ts';
import { authClient } from '../../lib/auth.ts';
import { errorCodeOf } from '../../lib/errors.ts';
import { useLiveCheck } from '../../lib/hooks.ts';
import { useSession } from '../../lib/session.ts';
import type { FullOrganization, MemberWithUser } from '../../lib/wire-types.ts';
import { slugProblem } from './checks.ts';
import { useSetActiveOrganization } from './mutations.ts';
import type { OrganizationAbilities } from './permissions.ts';
import { organizationsQuery } from './queries.ts';

/** The signed-in person's organizations, kept current by the invalidations of mutations.ts. */
export function useOrganizationList() {
  return useQuery(organizationsQuery());
}

/**
 * A new session starts with no active organization (the server keeps none across sign-ins). A
 * person with exactly one organization gets it back as the active one, once per session, so that
 * the header names it and a link to an organization page opens that page rather than a chooser.
 * With several, the choice stays theirs. Mounted once, in the header's switcher.
 */
export function useRestoreOnlyOrganization(): void {
  const session = useSession();
  const list = useOrganizationList();
  const setActive = useSetActiveOrganization();
  const tried = useRef<string | null>(null);
  const sessionId = session.data?.session.id ?? null;
  const activeId = session.data?.session.activeOrganizationId ?? null;
  const only = list.data?.length === 1 ? (list.data[0]?.id ?? null) : null;
  const { mutate } = setActive;
  useEffect(() => {
    if (!sessionId || activeId || !only || tried.current === sessionId) return;
    tried.current = sessionId;
    mutate(only);
  }, [sessionId, activeId, only, mutate]);
}

/**
 * A note for the next organization screen ("Acme has been deleted."): the action that leads there
 * leaves it in the app's query cache, the screen shows it once. Read in a state initialiser,
 * cleared in an effect.
 */
const FLASH_KEY = ['web', 'organization-flash'] as const;

export function useSetOrganizationFlash(): (message: string) => void {
  const queryClient = useQueryClient();
  return useCallback((message: string) => queryClient.setQueryData(FLASH_KEY, message), [queryClient]);
}

export function useOrganizationFlash(): string | null {
  const queryClient = useQueryClient();
  const [message] = useState(() => queryClient.getQueryData<string>(FLASH_KEY) ?? null);
  useEffect(() => {
    queryClient.removeQueries({ queryKey: FLASH_KEY, exact: true });
  }, [queryClient]);
  return message;
}

// ---------------------------------------------------------------------------------------------
// The active organization as the organization pages see it.

export interface ActiveOrganization {
  organization: FullOrganization;
  /** The signed-in person's membership. */
  member: MemberWithUser;
  abilities: OrganizationAbilities;
}

export const ActiveOrganizationContext = createContext<ActiveOrganization | null>(null);

export function useActiveOrganization(): ActiveOrganization {
  const value = useContext(ActiveOrganizationContext);
  if (!value) throw new Error('useActiveOrganization must be used inside <OrganizationLayout>');
  return value;
}

/** The person's own membership in a full organization (or null while the session loads). */
export function ownMembership(organization: FullOrganization, userId: string | undefined): MemberWithUser | null {
  return organization.members.find((m) => m.userId === userId) ?? null;
}

export type SlugAvailability = 'idle' | 'checking' | 'available' | 'taken';

/**
 * Asks check-slug whether a well-formed slug is free, once the typing pauses (lib/hooks.ts).
 * `current` (the organization's own slug) counts as fine without asking.
 */
export function useSlugAvailability(slug: string, t: Messages, current?: string): SlugAvailability {
  const value = slug.trim();
  const askable = value !== '' && !slugProblem(value, t) && value !== current;
  const check = useLiveCheck('organization-slug-free', value, askable, (asked) =>
    authClient.organization.checkSlug({ slug: asked }),
  );
  if (check.state !== 'answered') return check.state;
  if (!check.error) return 'available';
  return errorCodeOf(check.error) === 'ORGANIZATION_SLUG_ALREADY_TAKEN' ? 'taken' : 'idle';
}
