/** The JSON shapes Latch answers with (CONTRACT.md §4): dates are ISO-8601 strings. */
export interface UserJson {
  id: string;
  name: string;
  email: string;
  emailVerified: boolean;
  image: string | null;
  createdAt: string;
  updatedAt: string;
  username: string | null;
  displayUsername: string | null;
  language: number | null;
  role: string | null;
  banned: boolean;
  banReason: string | null;
  banExpires: string | null;
  twoFactorEnabled: boolean;
}

export interface SessionJson {
  id: string;
  /** An opaque identifier of the session that revoke-session accepts; never the cookie's secret. */
  token: string;
  userId: string;
  expiresAt: string;
  createdAt: string;
  updatedAt: string;
  ipAddress: string | null;
  userAgent: string | null;
  activeOrganizationId: string | null;
  activeTeamId: string | null;
  impersonatedBy: string | null;
}

export interface AccountJson {
  id: string;
  accountId: string;
  providerId: string;
  /** The spec's name for providerId (seed-spec §7, list-accounts); better-auth 1.7 sends providerId only. */
  provider: string;
  userId: string;
  createdAt: string;
  updatedAt: string;
  scopes: string[];
}
