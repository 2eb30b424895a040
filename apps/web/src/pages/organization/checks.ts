/**
 * The organization forms' checks before sending: the body schema of the row each is sent to
 * (organization.create / update, teams.createTeam / updateTeam, invitations.inviteMember), with
 * the contract's limits, then what the schema does not say (a slug's shape, a logo's address).
 */
import { invitations, organization, teams } from '@latch/contract';
import type { Messages } from '../../i18n/messages.ts';
import { checkBody, maxLengthOf } from '../../lib/contract-check.ts';
import { errorCodeOf } from '../../lib/errors.ts';
import { type FieldErrors, validateEmail, validateImageUrl } from '../../lib/validation.ts';
import type { AuthError } from '../../lib/wire-types.ts';

/** The longest slug the server takes. */
export const SLUG_MAX_LENGTH = maxLengthOf(organization.create.body.shape.slug);

/** Lower-case words of letters and digits joined by single hyphens: what reads well in an address. */
const SLUG_SHAPE = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

/** "Acme Research & Co." → "acme-research-co", no longer than the server takes. */
export function slugify(name: string): string {
  return name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, SLUG_MAX_LENGTH)
    .replace(/-+$/g, '');
}

/** A slug worth asking check-slug about: present, within the contract's bound, of the right shape. */
export function slugProblem(value: string, t: Messages): string | undefined {
  const slug = value.trim();
  const problem = checkBody(
    organization.checkSlug.body,
    { slug },
    { slug: { required: t.organization.slugRequired } },
    t,
  );
  if (problem.slug) return problem.slug;
  return SLUG_SHAPE.test(slug) ? undefined : t.organization.slugInvalid;
}

export type OrganizationField = 'name' | 'slug' | 'logo';

export interface OrganizationValues {
  name: string;
  slug: string;
  logo: string;
}

function organizationWords(t: Messages) {
  return {
    name: { required: t.organization.nameRequired },
    slug: { required: t.organization.slugRequired },
    logo: { required: t.validation.imageUrlInvalid },
  };
}

function withWebChecks(
  contract: FieldErrors<OrganizationField>,
  values: OrganizationValues,
  t: Messages,
): FieldErrors<OrganizationField> {
  return {
    name: contract.name,
    slug: contract.slug ?? (SLUG_SHAPE.test(values.slug.trim()) ? undefined : t.organization.slugInvalid),
    logo: contract.logo ?? validateImageUrl(values.logo, t),
  };
}

/** The create form, as POST /organization/create will read it. */
export function checkNewOrganization(values: OrganizationValues, t: Messages): FieldErrors<OrganizationField> {
  const body = { name: values.name.trim(), slug: values.slug.trim(), logo: values.logo.trim() || undefined };
  return withWebChecks(checkBody(organization.create.body, body, organizationWords(t), t), values, t);
}

/** The settings form, as POST /organization/update will read it (every field, changed or not). */
export function checkOrganizationChanges(
  organizationId: string,
  values: OrganizationValues,
  t: Messages,
): FieldErrors<OrganizationField> {
  const data = { name: values.name.trim(), slug: values.slug.trim(), logo: values.logo.trim() || undefined };
  return withWebChecks(
    checkBody(organization.update.body, { organizationId, data }, organizationWords(t), t),
    values,
    t,
  );
}

/** A new team's name, as POST /organization/create-team will read it. */
export function checkNewTeamName(organizationId: string, name: string, t: Messages): string | undefined {
  const words = { name: { required: t.organization.teamNameRequired } };
  return checkBody(teams.createTeam.body, { name, organizationId }, words, t).name;
}

/** A team's new name, as POST /organization/update-team will read it. */
export function checkTeamRename(teamId: string, name: string, t: Messages): string | undefined {
  const words = { name: { required: t.organization.teamNameRequired } };
  return checkBody(teams.updateTeam.body, { teamId, data: { name } }, words, t).name;
}

/** The invitation form, as POST /organization/invite-member will read it; the address by the server's own rule. */
export function checkInvitationEmail(email: string, role: string, t: Messages): string | undefined {
  const address = email.trim().toLowerCase();
  const words = { email: { required: t.validation.emailRequired } };
  return (
    checkBody(invitations.inviteMember.body, { email: address, role }, words, t).email ?? validateEmail(address, t)
  );
}

/** The server's refusal of a slug another organization holds (said at the slug field, not above the form). */
export function isSlugTaken(error: AuthError): boolean {
  const code = errorCodeOf(error);
  return code === 'ORGANIZATION_ALREADY_EXISTS' || code === 'ORGANIZATION_SLUG_ALREADY_TAKEN';
}
