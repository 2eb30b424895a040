/**
 * The one door between the web app and the Latch API. Every screen calls `authClient` and
 * `useSession` from here and nowhere else, so the app depends on the small surface typed below
 * rather than on all of `@latch/client`. The tests mock this module.
 */
import { createAuthClient } from '@latch/client';
import { useSession as useLatchSession } from '@latch/react';

// ---------------------------------------------------------------------------------------------
// Wire types (CONTRACT.md §4). Dates arrive as `Date` from @latch/client; ISO strings are accepted too.

export type DateValue = Date | string;

export interface User {
  id: string;
  name: string;
  email: string;
  emailVerified: boolean;
  image?: string | null;
  createdAt: DateValue;
  updatedAt: DateValue;
  username?: string | null;
  displayUsername?: string | null;
  /** The spec's numeric language enumeration (RUS=0 … TURKEY=82). */
  language?: number | null;
  /** two-factor plugin: a second factor is asked for at password sign-in. */
  twoFactorEnabled?: boolean | null;
}

export interface Session {
  id: string;
  token: string;
  userId: string;
  expiresAt: DateValue;
  createdAt: DateValue;
  updatedAt: DateValue;
  ipAddress?: string | null;
  userAgent?: string | null;
  /** organization plugin: the organization the person works in now (CONTRACT.md §6.2). */
  activeOrganizationId?: string | null;
  activeTeamId?: string | null;
}

export interface SessionData {
  user: User;
  session: Session;
}

export interface Account {
  id: string;
  accountId: string;
  providerId: string;
  userId?: string;
  createdAt: DateValue;
  updatedAt: DateValue;
  scopes?: string[];
}

export interface AuthError {
  status: number;
  /** The status name; `Fetch Error` when no answer came (lib/errors.ts `isNetworkError`). */
  statusText?: string | null;
  /** The server's error code; absent on a few answers (429, empty bodies). */
  code?: string | null;
  message?: string | null;
}

export type AuthResult<T> = { data: T; error: null } | { data: null; error: AuthError };

export interface SignInAnswer {
  redirect?: boolean;
  token?: string | null;
  url?: string | null;
  user?: User;
  /** two-factor plugin: the password was right, a second factor is due (pages/two-factor.tsx). */
  twoFactorRedirect?: boolean;
  /** The second factors on offer: `"totp"` (authenticator app) when enrolled, `"otp"` (emailed code) always. */
  twoFactorMethods?: string[];
}

/** POST /two-factor/enable with the default method (docs/two-factor.md). */
export interface TwoFactorEnableAnswer {
  method?: 'totp' | 'otp';
  totpURI?: string;
  backupCodes?: string[];
}

/** The answer of a successful verify-totp, verify-otp or verify-backup-code. */
export interface TwoFactorVerifyAnswer {
  token: string | null;
  user: User;
}

/** POST /change-email/describe: the address change an approval link asks about. */
export interface EmailChangeRequest {
  /** The account's current address (the one the approval link was mailed to). */
  email: string;
  newEmail: string;
}

/** The changes a security notice's link can undo (packages/server/src/features/undo-change). */
export type UndoableChange = 'email-changed' | 'password-changed' | 'provider-linked' | 'two-factor-disabled';

/** POST /undo-change: what was undone; every session of the account has ended. */
export interface UndoChangeAnswer {
  status: boolean;
  change: UndoableChange;
  /** A fresh reset token when the password was cleared with the change, so the owner chooses a new one. */
  resetToken: string | null;
  /** email-changed: whether the previous address could be put back (nobody else took it since). */
  emailRestored?: boolean;
}

/** POST /reset-password/check: whether the link still works, and whether the authenticator app is asked too. */
export interface ResetTokenCheck {
  valid: boolean;
  secondFactor: boolean;
}

/** Latch's own calls around mailed links and re-authentication (not in better-auth's client). */
export interface LinkClient {
  describeEmailChange(body: { token: string }): Promise<AuthResult<EmailChangeRequest>>;
  approveEmailChange(body: { token: string }): Promise<AuthResult<StatusAnswer>>;
  refuseEmailChange(body: { token: string }): Promise<AuthResult<StatusAnswer>>;
  undoChange(body: { token: string }): Promise<AuthResult<UndoChangeAnswer>>;
  checkResetToken(body: { token: string }): Promise<AuthResult<ResetTokenCheck>>;
}

/** The two-factor plugin's calls (CONTRACT §6.4); the verify calls act on the session or the sign-in challenge. */
export interface TwoFactorClient {
  enable(body: { password: string }): Promise<AuthResult<TwoFactorEnableAnswer>>;
  disable(body: { password: string }): Promise<AuthResult<StatusAnswer>>;
  generateBackupCodes(body: { password: string }): Promise<AuthResult<{ status: boolean; backupCodes: string[] }>>;
  verifyTotp(body: { code: string; trustDevice?: boolean }): Promise<AuthResult<TwoFactorVerifyAnswer>>;
  sendOtp(): Promise<AuthResult<StatusAnswer>>;
  verifyOtp(body: { code: string; trustDevice?: boolean }): Promise<AuthResult<TwoFactorVerifyAnswer>>;
  verifyBackupCode(body: { code: string; trustDevice?: boolean }): Promise<AuthResult<TwoFactorVerifyAnswer>>;
}

/** GET /export-user-data's answer (the contract's UserDataExport); dates as the client hands them over. */
export interface UserDataExport {
  exportedAt: DateValue;
  user: User;
  accounts: Account[];
  sessions: Session[];
  twoFactor: { enabled: boolean; authenticatorApp: boolean };
}

export interface StatusAnswer {
  status?: boolean;
  message?: string;
}

export interface RedirectAnswer {
  url?: string;
  redirect: boolean;
}

export interface DeleteUserAnswer {
  success: boolean;
  message?: string;
}

// Organizations (CONTRACT.md §6.2). `metadata` is an object from create/update, the raw JSON text elsewhere.

export interface Organization {
  id: string;
  name: string;
  slug: string;
  logo?: string | null;
  metadata?: Record<string, unknown> | string | null;
  createdAt: DateValue;
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
  createdAt: DateValue;
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
  teamId?: string | null;
  status: InvitationStatus;
  expiresAt: DateValue;
  createdAt?: DateValue;
  inviterId: string;
}

/** GET /organization/get-invitation: only the invited person may read it. */
export interface InvitationDetails extends Invitation {
  organizationName: string;
  organizationSlug: string;
  inviterEmail: string;
}

export interface Team {
  id: string;
  name: string;
  organizationId: string;
  createdAt: DateValue;
  updatedAt?: DateValue | null;
}

export interface TeamMember {
  id: string;
  teamId: string;
  userId: string;
  createdAt?: DateValue | null;
}

export interface FullOrganization extends Organization {
  members: MemberWithUser[];
  invitations: Invitation[];
  /** Present when teams are on. */
  teams?: Team[];
}

export interface OrganizationClient {
  create(body: {
    name: string;
    slug: string;
    logo?: string;
  }): Promise<AuthResult<Organization & { members: Member[] }>>;
  checkSlug(body: { slug: string }): Promise<AuthResult<{ status: boolean }>>;
  update(body: {
    data: { name?: string; slug?: string; logo?: string };
    organizationId?: string;
  }): Promise<AuthResult<Organization>>;
  delete(body: { organizationId: string }): Promise<AuthResult<Organization>>;
  list(): Promise<AuthResult<Organization[]>>;
  setActive(body: { organizationId: string | null }): Promise<AuthResult<Organization | null>>;
  getFullOrganization(): Promise<AuthResult<FullOrganization | null>>;
  listMembers(query: { organizationId?: string }): Promise<AuthResult<{ members: MemberWithUser[]; total: number }>>;
  getActiveMember(): Promise<AuthResult<MemberWithUser>>;
  updateMemberRole(body: {
    memberId: string;
    role: string | string[];
    organizationId?: string;
  }): Promise<AuthResult<Member>>;
  removeMember(body: { memberIdOrEmail: string; organizationId?: string }): Promise<AuthResult<{ member: Member }>>;
  leave(body: { organizationId: string }): Promise<AuthResult<Member>>;
  inviteMember(body: {
    email: string;
    role: string;
    organizationId?: string;
    resend?: boolean;
  }): Promise<AuthResult<Invitation>>;
  listInvitations(query: { organizationId?: string }): Promise<AuthResult<Invitation[]>>;
  cancelInvitation(body: { invitationId: string }): Promise<AuthResult<Invitation>>;
  getInvitation(query: { id: string }): Promise<AuthResult<InvitationDetails>>;
  acceptInvitation(body: { invitationId: string }): Promise<AuthResult<{ invitation: Invitation; member: Member }>>;
  rejectInvitation(body: { invitationId: string }): Promise<AuthResult<{ invitation: Invitation; member: null }>>;
  listTeams(query: { organizationId?: string }): Promise<AuthResult<Team[]>>;
  createTeam(body: { name: string; organizationId?: string }): Promise<AuthResult<Team>>;
  updateTeam(body: { teamId: string; data: { name: string } }): Promise<AuthResult<Team>>;
  removeTeam(body: { teamId: string; organizationId?: string }): Promise<AuthResult<{ message: string }>>;
  listTeamMembers(query: { teamId: string }): Promise<AuthResult<TeamMember[]>>;
  addTeamMember(body: { teamId: string; userId: string; organizationId?: string }): Promise<AuthResult<TeamMember>>;
  removeTeamMember(body: {
    teamId: string;
    userId: string;
    organizationId?: string;
  }): Promise<AuthResult<{ message: string }>>;
}

export interface AuthClient {
  signUp: {
    email(body: {
      name: string;
      email: string;
      password: string;
      username?: string;
      /** The language chosen before signing up, saved on the new user (RUS=0 … TURKEY=82). */
      language?: number;
      callbackURL?: string;
    }): Promise<AuthResult<{ token: string | null; user: User }>>;
  };
  signIn: {
    email(body: {
      email: string;
      password: string;
      rememberMe?: boolean;
      callbackURL?: string;
    }): Promise<AuthResult<SignInAnswer>>;
    username(body: { username: string; password: string; rememberMe?: boolean }): Promise<AuthResult<SignInAnswer>>;
    social(body: {
      provider: string;
      callbackURL: string;
      errorCallbackURL?: string;
    }): Promise<AuthResult<RedirectAnswer | SignInAnswer>>;
  };
  signOut(): Promise<AuthResult<{ success: boolean }>>;
  getSession(): Promise<AuthResult<SessionData | null>>;
  listSessions(): Promise<AuthResult<Session[]>>;
  revokeSession(body: { token: string }): Promise<AuthResult<StatusAnswer>>;
  revokeOtherSessions(): Promise<AuthResult<StatusAnswer>>;
  updateUser(body: {
    name?: string;
    image?: string | null;
    username?: string;
    language?: number;
  }): Promise<AuthResult<StatusAnswer>>;
  changePassword(body: {
    currentPassword: string;
    newPassword: string;
    revokeOtherSessions?: boolean;
  }): Promise<AuthResult<{ token: string | null; user: User }>>;
  changeEmail(body: { newEmail: string; callbackURL?: string }): Promise<AuthResult<StatusAnswer>>;
  deleteUser(body: { password?: string; callbackURL?: string }): Promise<AuthResult<DeleteUserAnswer>>;
  requestPasswordReset(body: { email: string; redirectTo: string }): Promise<AuthResult<StatusAnswer>>;
  /** `code` / `backupCode`: the second factor of an account that has an authenticator app. */
  resetPassword(body: {
    newPassword: string;
    token: string;
    code?: string;
    backupCode?: string;
  }): Promise<AuthResult<StatusAnswer>>;
  /** The password again inside the session: renews its sign-in time (REAUTHENTICATION_REQUIRED). */
  verifyPassword(body: { password: string }): Promise<AuthResult<StatusAnswer>>;
  sendVerificationEmail(body: { email: string; callbackURL?: string }): Promise<AuthResult<StatusAnswer>>;
  linkSocial(body: {
    provider: string;
    callbackURL: string;
    errorCallbackURL?: string;
  }): Promise<AuthResult<RedirectAnswer>>;
  listAccounts(): Promise<AuthResult<Account[]>>;
  unlinkAccount(body: { accountId: string; providerId?: string }): Promise<AuthResult<StatusAnswer>>;
  isUsernameAvailable(body: { username: string }): Promise<AuthResult<{ available: boolean }>>;
  /** GET /export-user-data: what Latch keeps about the signed-in person, to download (never a secret). */
  exportUserData(): Promise<AuthResult<UserDataExport>>;
  organization: OrganizationClient;
  twoFactor: TwoFactorClient;
  links: LinkClient;
}

export interface SessionState {
  data: SessionData | null;
  isPending: boolean;
  error: AuthError | null;
}

export interface UseSessionResult extends SessionState {
  refetch: () => Promise<void>;
}

// ---------------------------------------------------------------------------------------------
// The client: same origin, base path /api/auth (the server serves this app at `/`).

const client = createAuthClient();

/**
 * The calls the app makes, bound to the client. `{ provider, callbackURL }` answers with
 * `redirect: true` are followed by the client itself (better-auth's behaviour).
 */
export const authClient: AuthClient = {
  signUp: { email: (body) => client.signUp.email(body) },
  signIn: {
    email: (body) => client.signIn.email(body),
    username: (body) => client.signIn.username(body),
    social: (body) => client.signIn.social(body),
  },
  signOut: () => client.signOut(),
  getSession: () => client.getSession(),
  listSessions: () => client.listSessions(),
  revokeSession: (body) => client.revokeSession(body),
  revokeOtherSessions: () => client.revokeOtherSessions(),
  updateUser: (body) => client.updateUser(body),
  changePassword: (body) => client.changePassword(body),
  changeEmail: (body) => client.changeEmail(body),
  deleteUser: (body) => client.deleteUser(body),
  requestPasswordReset: (body) => client.requestPasswordReset(body),
  resetPassword: (body) => client.resetPassword(body),
  verifyPassword: (body) => client.verifyPassword(body),
  sendVerificationEmail: (body) => client.sendVerificationEmail(body),
  linkSocial: (body) => client.linkSocial(body),
  listAccounts: () => client.listAccounts(),
  unlinkAccount: (body) => client.unlinkAccount(body),
  isUsernameAvailable: (body) => client.isUsernameAvailable(body),
  exportUserData: () => client.exportUserData(),
  organization: {
    create: (body) => client.organization.create(body),
    checkSlug: (body) => client.organization.checkSlug(body),
    update: (body) => client.organization.update(body),
    delete: (body) => client.organization.delete(body),
    list: () => client.organization.list(),
    setActive: (body) => client.organization.setActive(body),
    getFullOrganization: () => client.organization.getFullOrganization(),
    listMembers: (query) => client.organization.listMembers({ query }),
    getActiveMember: () => client.organization.getActiveMember(),
    updateMemberRole: (body) => client.organization.updateMemberRole(body),
    removeMember: (body) => client.organization.removeMember(body),
    leave: (body) => client.organization.leave(body),
    inviteMember: (body) => client.organization.inviteMember(body),
    listInvitations: (query) => client.organization.listInvitations({ query }),
    cancelInvitation: (body) => client.organization.cancelInvitation(body),
    getInvitation: (query) => client.organization.getInvitation({ query }),
    acceptInvitation: (body) => client.organization.acceptInvitation(body),
    rejectInvitation: (body) => client.organization.rejectInvitation(body),
    listTeams: (query) => client.organization.listTeams({ query }),
    createTeam: (body) => client.organization.createTeam(body),
    updateTeam: (body) => client.organization.updateTeam(body),
    removeTeam: (body) => client.organization.removeTeam(body),
    listTeamMembers: (query) => client.organization.listTeamMembers({ query }),
    addTeamMember: (body) => client.organization.addTeamMember(body),
    removeTeamMember: (body) => client.organization.removeTeamMember(body),
  },
  twoFactor: {
    enable: (body) => client.twoFactor.enable(body),
    disable: (body) => client.twoFactor.disable(body),
    generateBackupCodes: (body) => client.twoFactor.generateBackupCodes(body),
    verifyTotp: (body) => client.twoFactor.verifyTotp(body),
    sendOtp: () => client.twoFactor.sendOtp(),
    verifyOtp: (body) => client.twoFactor.verifyOtp(body),
    verifyBackupCode: (body) => client.twoFactor.verifyBackupCode(body),
  },
  // each of these is a POST made by a click on the page a mail opened, never by the link's GET
  links: {
    describeEmailChange: (body) => client.changeEmail.describe(body),
    approveEmailChange: (body) => client.changeEmail.approve(body),
    refuseEmailChange: (body) => client.changeEmail.refuse(body),
    undoChange: (body) => client.undoChange(body),
    checkResetToken: (body) => client.resetPassword.check(body),
  },
};

/**
 * `{ data: { user, session } | null, isPending, error, refetch }`, shared by every component.
 * The client refetches 10 ms after a call that changes the session (seed-spec §7); screens that
 * must see the new session before moving on await `refetch()`.
 */
export function useSession(): UseSessionResult {
  const state = useLatchSession(client);
  return {
    data: state.data,
    isPending: state.isPending,
    error: state.error,
    refetch: async () => {
      await state.refetch();
    },
  };
}
