/**
 * Organizations: create, check-slug, update, delete, list, set-active, get(-full) (CONTRACT §6.2),
 * and the organization plugin's entities, which the members, invitations and teams rows use too.
 */
import { z } from 'zod';
import { endpoint } from '../endpoint.ts';
import { statusAnswer } from './common.ts';

/** The reference group of every organization-plugin row: better-auth's client has them all under `organization.*`. */
const tag = 'Organizations';

const isoDate = z.string().describe('ISO-8601 date and time');

const organizationFields = {
  id: z.string(),
  name: z.string(),
  slug: z.string(),
  logo: z.string().nullable(),
  createdAt: isoDate,
};

/** An organization as list, get-organization, get-full-organization, set-active and delete answer it. */
export const organizationJson = z
  .object({
    ...organizationFields,
    metadata: z.string().nullable().describe('the stored JSON text (an object only in create and update answers)'),
  })
  .meta({ id: 'Organization' });
export type OrganizationJson = z.infer<typeof organizationJson>;

/** An organization as create and update answer it: `metadata` parsed into an object (CONTRACT §6.2). */
export const organizationWithMetadataJson = z
  .object({ ...organizationFields, metadata: z.record(z.string(), z.unknown()).nullable() })
  .meta({ id: 'OrganizationWithMetadata' });
export type OrganizationWithMetadataJson = z.infer<typeof organizationWithMetadataJson>;

export const memberJson = z
  .object({
    id: z.string(),
    organizationId: z.string(),
    userId: z.string(),
    role: z.string().describe('comma-joined when the member holds several roles'),
    createdAt: isoDate,
  })
  .meta({ id: 'Member' });
export type MemberJson = z.infer<typeof memberJson>;

/** A member with the user it is: what listings answer. */
export const memberWithUserJson = z
  .object({
    ...memberJson.shape,
    user: z.object({ id: z.string(), name: z.string(), email: z.string(), image: z.string().nullable() }),
  })
  .meta({ id: 'MemberWithUser' });
export type MemberWithUserJson = z.infer<typeof memberWithUserJson>;

export const invitationJson = z
  .object({
    id: z.string(),
    organizationId: z.string(),
    email: z.string(),
    role: z.string().describe('comma-joined when the invitation grants several roles'),
    teamId: z.string().nullable().describe('comma-joined when the invitation names several teams'),
    status: z.enum(['pending', 'accepted', 'rejected', 'canceled']),
    expiresAt: isoDate,
    createdAt: isoDate,
    inviterId: z.string(),
  })
  .meta({ id: 'Invitation' });
export type InvitationJson = z.infer<typeof invitationJson>;

export const teamJson = z
  .object({
    id: z.string(),
    name: z.string(),
    organizationId: z.string(),
    createdAt: isoDate,
    updatedAt: isoDate.nullable(),
  })
  .meta({ id: 'Team' });
export type TeamJson = z.infer<typeof teamJson>;

export const teamMemberJson = z
  .object({ id: z.string(), teamId: z.string(), userId: z.string(), createdAt: isoDate.nullable() })
  .meta({ id: 'TeamMember' });
export type TeamMemberJson = z.infer<typeof teamMemberJson>;

/** Stored as JSON text: at most 16 384 characters, so that it fits MariaDB's TEXT (64 KiB) at 3 bytes a character. */
const MAX_METADATA_JSON_LENGTH = 16_384;

const metadata = z
  .record(z.string(), z.unknown())
  .nullable()
  .optional()
  .refine((m) => m == null || JSON.stringify(m).length <= MAX_METADATA_JSON_LENGTH, {
    message: `Too big: expected metadata to be at most ${MAX_METADATA_JSON_LENGTH} characters as JSON`,
  });

export const create = endpoint({
  method: 'POST',
  path: '/organization/create',
  tag,
  summary:
    'Creates an organization with the caller as its owner (and, teams on, a default team); makes it the active one',
  body: z.object({
    name: z.string().min(1).max(512),
    slug: z.string().min(1).max(255),
    logo: z.string().max(8192).nullable().optional(),
    metadata,
    keepCurrentActiveOrganization: z.boolean().optional(),
  }),
  response: organizationWithMetadataJson.extend({ members: z.array(memberJson) }),
  errors: [
    'UNAUTHORIZED',
    'YOU_ARE_NOT_ALLOWED_TO_CREATE_A_NEW_ORGANIZATION',
    'YOU_HAVE_REACHED_THE_MAXIMUM_NUMBER_OF_ORGANIZATIONS',
    'ORGANIZATION_ALREADY_EXISTS',
  ],
  session: 'sensitive',
  plugin: 'organization',
});

export const checkSlug = endpoint({
  method: 'POST',
  path: '/organization/check-slug',
  tag,
  summary: 'Whether a slug is still free (refused when an organization holds it)',
  body: z.object({ slug: z.string().min(1).max(255) }),
  response: statusAnswer,
  errors: ['UNAUTHORIZED', 'ORGANIZATION_SLUG_ALREADY_TAKEN'],
  session: 'sensitive',
  plugin: 'organization',
});

export const update = endpoint({
  method: 'POST',
  path: '/organization/update',
  tag,
  summary: "Changes an organization's name, slug, logo or metadata (organization:update)",
  body: z.object({
    organizationId: z.string().optional(),
    data: z.object({
      name: z.string().min(1).max(512).optional(),
      slug: z.string().min(1).max(255).optional(),
      logo: z.string().max(8192).nullable().optional(),
      metadata,
    }),
  }),
  response: organizationWithMetadataJson,
  errors: [
    'UNAUTHORIZED',
    'ORGANIZATION_NOT_FOUND',
    'USER_IS_NOT_A_MEMBER_OF_THE_ORGANIZATION',
    'YOU_ARE_NOT_ALLOWED_TO_UPDATE_THIS_ORGANIZATION',
    'ORGANIZATION_SLUG_ALREADY_TAKEN',
  ],
  session: 'sensitive',
  plugin: 'organization',
});

export const remove = endpoint({
  method: 'POST',
  path: '/organization/delete',
  tag,
  summary: 'Deletes an organization with its members, invitations and teams (organization:delete)',
  body: z.object({ organizationId: z.string().min(1) }),
  response: organizationJson,
  errors: [
    'UNAUTHORIZED',
    'USER_IS_NOT_A_MEMBER_OF_THE_ORGANIZATION',
    'YOU_ARE_NOT_ALLOWED_TO_DELETE_THIS_ORGANIZATION',
    'ORGANIZATION_NOT_FOUND',
  ],
  session: 'sensitive',
  plugin: 'organization',
});

export const list = endpoint({
  method: 'GET',
  path: '/organization/list',
  tag,
  summary: 'The organizations the caller is a member of',
  response: z.array(organizationJson),
  errors: ['UNAUTHORIZED'],
  session: 'sensitive',
  plugin: 'organization',
});

export const setActive = endpoint({
  method: 'POST',
  path: '/organization/set-active',
  tag,
  summary:
    "Makes an organization the session's active one (null unsets it); an active team of another organization is dropped",
  body: z.object({
    organizationId: z.string().nullable().optional(),
    organizationSlug: z.string().optional(),
  }),
  response: organizationJson.nullable(),
  errors: ['UNAUTHORIZED', 'ORGANIZATION_NOT_FOUND', 'USER_IS_NOT_A_MEMBER_OF_THE_ORGANIZATION'],
  session: 'sensitive',
  plugin: 'organization',
});

const orgQuery = z.object({
  organizationId: z.string().optional(),
  organizationSlug: z.string().optional(),
});

export const getOrganization = endpoint({
  method: 'GET',
  path: '/organization/get-organization',
  tag,
  summary: 'An organization the caller is a member of (by id, slug, else the active one), or null',
  query: orgQuery,
  response: organizationJson.nullable(),
  errors: ['UNAUTHORIZED', 'ORGANIZATION_NOT_FOUND', 'USER_IS_NOT_A_MEMBER_OF_THE_ORGANIZATION'],
  session: 'sensitive',
  plugin: 'organization',
});

export const getFullOrganization = endpoint({
  method: 'GET',
  path: '/organization/get-full-organization',
  tag,
  summary: 'An organization with its members, the invitations the caller may see and (teams on) its teams, or null',
  query: orgQuery.extend({ membersLimit: z.coerce.number().int().min(0).optional() }),
  response: organizationJson
    .extend({
      members: z.array(memberWithUserJson),
      invitations: z.array(invitationJson),
      teams: z.array(teamJson).optional().describe('only when teams are on'),
    })
    .nullable(),
  errors: ['UNAUTHORIZED', 'ORGANIZATION_NOT_FOUND', 'USER_IS_NOT_A_MEMBER_OF_THE_ORGANIZATION'],
  session: 'sensitive',
  plugin: 'organization',
});

export const organizationEndpoints = [
  create,
  checkSlug,
  update,
  remove,
  list,
  setActive,
  getOrganization,
  getFullOrganization,
] as const;
