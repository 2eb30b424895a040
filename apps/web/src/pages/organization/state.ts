/**
 * Shared organization state: the person's organizations, the note for the next screen, the active
 * organization's context, slug helpers and the slug check.
 */
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { createContext, useCallback, useContext, useEffect, useState } from 'react';
import { format, type Messages } from '../../i18n/messages.ts';
import { authClient } from '../../lib/auth.ts';
import { errorCodeOf } from '../../lib/errors.ts';
import type { AuthError, FullOrganization, MemberWithUser } from '../../lib/wire-types.ts';
import type { OrganizationAbilities } from './permissions.ts';
import { organizationsQuery } from './queries.ts';

/** The signed-in person's organizations, kept current by the invalidations of mutations.ts. */
export function useOrganizationList() {
  return useQuery(organizationsQuery());
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

// ---------------------------------------------------------------------------------------------
// Slugs

export const ORGANIZATION_NAME_MAX = 100;
export const SLUG_MAX = 60;
const SLUG_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

/** "Acme Research & Co." → "acme-research-co" */
export function slugify(name: string): string {
  return name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, SLUG_MAX)
    .replace(/-+$/g, '');
}

export function validateOrganizationName(value: string, t: Messages): string | undefined {
  if (!value.trim()) return t.organization.nameRequired;
  if (value.trim().length > ORGANIZATION_NAME_MAX)
    return format(t.validation.nameTooLong, { max: ORGANIZATION_NAME_MAX });
  return undefined;
}

export const TEAM_NAME_MAX = 100;

export function validateTeamName(value: string, t: Messages): string | undefined {
  if (!value.trim()) return t.organization.teamNameRequired;
  if (value.trim().length > TEAM_NAME_MAX) return format(t.validation.nameTooLong, { max: TEAM_NAME_MAX });
  return undefined;
}

export function validateSlug(value: string, t: Messages): string | undefined {
  const slug = value.trim();
  if (!slug) return t.organization.slugRequired;
  if (slug.length > SLUG_MAX) return format(t.validation.nameTooLong, { max: SLUG_MAX });
  if (!SLUG_PATTERN.test(slug)) return t.organization.slugInvalid;
  return undefined;
}

/** The server's refusal of a slug another organization holds (said at the slug field, not above the form). */
export function isSlugTaken(error: AuthError): boolean {
  const code = errorCodeOf(error);
  return code === 'ORGANIZATION_ALREADY_EXISTS' || code === 'ORGANIZATION_SLUG_ALREADY_TAKEN';
}

export type SlugAvailability = 'idle' | 'checking' | 'available' | 'taken';

/**
 * Asks check-slug whether a well-formed slug is free, 400 ms after the typing stops. `current`
 * (the organization's own slug) counts as fine without asking.
 */
export function useSlugAvailability(slug: string, t: Messages, current?: string): SlugAvailability {
  const [state, setState] = useState<SlugAvailability>('idle');
  useEffect(() => {
    const value = slug.trim();
    if (!value || validateSlug(value, t) || value === current) {
      setState('idle');
      return;
    }
    let cancelled = false;
    setState('checking');
    const timer = setTimeout(async () => {
      const result = await authClient.organization.checkSlug({ slug: value });
      if (cancelled) return;
      if (!result.error) setState('available');
      else setState(errorCodeOf(result.error) === 'ORGANIZATION_SLUG_ALREADY_TAKEN' ? 'taken' : 'idle');
    }, 400);
    return () => {
      cancelled = true;
      clearTimeout(timer);
    };
  }, [slug, t, current]);
  return state;
}
