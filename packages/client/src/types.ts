/**
 * Wire types of /api/auth as the client sees them (CONTRACT.md §4, §6.2): ISO date strings are
 * revived into `Date` by the client's JSON parser, so every timestamp here is a `Date`.
 * Nullable columns may also be absent (the memory adapter omits them), hence `?:` plus `| null`.
 */

export interface User {
  id: string;
  name: string;
  email: string;
  emailVerified: boolean;
  image?: string | null;
  createdAt: Date;
  updatedAt: Date;
  /** username plugin: normalized (lower-cased) username. */
  username?: string | null;
  /** username plugin: the username as typed. */
  displayUsername?: string | null;
  /** Latch: the spec's numeric language code (see `LANGUAGES` in @latch/contract). */
  language?: number | null;
  /** admin plugin: comma-separated roles. */
  role?: string | null;
  banned?: boolean | null;
  banReason?: string | null;
  banExpires?: Date | null;
  /** two-factor plugin. */
  twoFactorEnabled?: boolean | null;
}

export interface Session {
  id: string;
  /** For list-sessions this is an opaque identifier that revoke-session accepts (Latch stores tokens hashed). */
  token: string;
  userId: string;
  expiresAt: Date;
  createdAt: Date;
  updatedAt: Date;
  ipAddress?: string | null;
  userAgent?: string | null;
  activeOrganizationId?: string | null;
  activeTeamId?: string | null;
  impersonatedBy?: string | null;
}

/** What GET /get-session answers when signed in. */
export interface SessionData {
  session: Session;
  user: User;
}

export interface Account {
  id: string;
  /** The provider's user id; equals the user id for `credential`. */
  accountId: string;
  providerId: string;
  userId: string;
  createdAt: Date;
  updatedAt: Date;
  scopes: string[];
}

/**
 * `metadata` is an object in the answers of create and update, but the raw JSON string in
 * list, get-full-organization, set-active and delete (CONTRACT.md §6.2); see `parseOrganizationMetadata`.
 */
export interface Organization {
  id: string;
  name: string;
  slug: string;
  logo?: string | null;
  metadata?: Record<string, unknown> | string | null;
  createdAt: Date;
}

export interface MemberUser {
  id: string;
  name: string;
  email: string;
  image?: string | null;
}

export interface Member {
  id: string;
  organizationId: string;
  userId: string;
  /** Comma-separated roles, e.g. `"member,admin"`. */
  role: string;
  createdAt: Date;
  teamId?: string | null;
}

export interface MemberWithUser extends Member {
  user: MemberUser;
}

export type InvitationStatus = 'pending' | 'accepted' | 'rejected' | 'canceled';

export interface Invitation {
  id: string;
  organizationId: string;
  email: string;
  role: string;
  /** Comma-joined team ids when several teams were given. */
  teamId?: string | null;
  status: InvitationStatus;
  expiresAt: Date;
  createdAt: Date;
  inviterId: string;
}

/** GET /organization/get-invitation */
export interface InvitationDetails extends Invitation {
  organizationName: string;
  organizationSlug: string;
  inviterEmail: string;
}

/** GET /organization/list-user-invitations */
export interface UserInvitation extends Invitation {
  organizationName: string;
}

export interface Team {
  id: string;
  name: string;
  organizationId: string;
  createdAt: Date;
  updatedAt?: Date | null;
}

export interface TeamMember {
  id: string;
  teamId: string;
  userId: string;
  createdAt?: Date | null;
}

export interface FullOrganization extends Organization {
  members: MemberWithUser[];
  invitations: Invitation[];
  /** Present when teams are enabled. */
  teams?: Team[];
}

/** Access-control statements: resource -> actions, e.g. `{ member: ['create'] }`. */
export type Permissions = Record<string, string[]>;

// ---------- answers ----------

export interface StatusResponse {
  status: boolean;
}

export interface SuccessResponse {
  success: boolean;
  message?: string;
}

export interface MessageResponse {
  message: string;
}

export interface SignUpResponse {
  /** null when auto sign-in does not apply (e.g. email verification required). */
  token: string | null;
  user: User;
}

export interface SignInSuccess {
  redirect: boolean;
  token: string;
  url?: string;
  user: User;
  twoFactorRedirect?: undefined;
}

/** The two-factor plugin replaces the sign-in body when the user has 2FA on (CONTRACT.md §6.4). */
export interface TwoFactorRedirect {
  twoFactorRedirect: true;
  twoFactorMethods: string[];
}

export type SignInResponse = SignInSuccess | TwoFactorRedirect;

/** POST /sign-in/social: a redirect URL, or a session when an idToken was given. */
export type SocialSignInResponse =
  | { url: string; redirect: boolean; token?: undefined; user?: undefined }
  | { redirect: false; token: string; user: User; url?: undefined };

export interface SignOutResponse {
  success: boolean;
  /** Provider (RP-initiated) logout URL, followed when `redirect` is true. */
  url?: string;
  redirect?: boolean;
}

export interface ChangePasswordResponse {
  token: string | null;
  user: User;
}

export interface VerifyEmailResponse {
  status: boolean;
  user: User | null;
}

export interface RequestPasswordResetResponse {
  status: boolean;
  message?: string;
}

export interface LinkSocialResponse {
  url: string;
  redirect: boolean;
  status?: boolean;
}

export interface UsernameAvailableResponse {
  available: boolean;
}

export interface CreateOrganizationResponse extends Organization {
  members: Member[];
}

export interface AcceptInvitationResponse {
  invitation: Invitation;
  member: Member;
}

export interface RejectInvitationResponse {
  invitation: Invitation;
  member: null;
}

export interface ListMembersResponse {
  members: MemberWithUser[];
  total: number;
}

export interface HasPermissionResponse {
  error: null | string;
  success: boolean;
}

/** Parses an organization's `metadata`, which arrives as an object or as its JSON text. */
export function parseOrganizationMetadata(org: Pick<Organization, 'metadata'>): Record<string, unknown> | null {
  const { metadata } = org;
  if (metadata === null || metadata === undefined) return null;
  if (typeof metadata !== 'string') return metadata;
  try {
    const parsed: unknown = JSON.parse(metadata);
    return parsed !== null && typeof parsed === 'object' && !Array.isArray(parsed)
      ? (parsed as Record<string, unknown>)
      : null;
  } catch {
    return null;
  }
}
