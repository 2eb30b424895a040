/**
 * A stand-in for `lib/auth.ts` in component tests: every client call is a `vi.fn`, and GET
 * /get-session answers whatever session the test sets (`setSession`). The session itself goes
 * through the app's real query (lib/session.ts), so a screen that reads it again is seen calling
 * `mockClient.getSession`. Use with
 *   vi.mock('../lib/auth.ts', async () => (await import('../test/mock-auth.ts')).module);
 * and render with test/render.tsx, which puts the current session in the query cache first.
 */
import { vi } from 'vitest';
import type { AuthClient } from '../lib/auth.ts';
import type { AuthResult, SessionData } from '../lib/wire-types.ts';
import { createMockAdminClient } from './mock-admin.ts';

const ok = <T>(data: T): Promise<AuthResult<T>> => Promise.resolve({ data, error: null });

type OrgClient = AuthClient['organization'];

/** The organization calls; reads answer "nothing yet", writes must be set by the test that needs them. */
function createMockOrganizationClient() {
  return {
    create: vi.fn<OrgClient['create']>(),
    checkSlug: vi.fn<OrgClient['checkSlug']>(() => ok({ status: true })),
    update: vi.fn<OrgClient['update']>(),
    delete: vi.fn<OrgClient['delete']>(),
    list: vi.fn<OrgClient['list']>(() => ok([])),
    setActive: vi.fn<OrgClient['setActive']>(() => ok(null)),
    getFullOrganization: vi.fn<OrgClient['getFullOrganization']>(() => ok(null)),
    listMembers: vi.fn<OrgClient['listMembers']>(() => ok({ members: [], total: 0 })),
    getActiveMember: vi.fn<OrgClient['getActiveMember']>(),
    updateMemberRole: vi.fn<OrgClient['updateMemberRole']>(),
    removeMember: vi.fn<OrgClient['removeMember']>(),
    leave: vi.fn<OrgClient['leave']>(),
    inviteMember: vi.fn<OrgClient['inviteMember']>(),
    listInvitations: vi.fn<OrgClient['listInvitations']>(() => ok([])),
    cancelInvitation: vi.fn<OrgClient['cancelInvitation']>(),
    getInvitation: vi.fn<OrgClient['getInvitation']>(),
    getInvitationPreview: vi.fn<OrgClient['getInvitationPreview']>(),
    listUserInvitations: vi.fn<OrgClient['listUserInvitations']>(() => ok([])),
    acceptInvitation: vi.fn<OrgClient['acceptInvitation']>(),
    rejectInvitation: vi.fn<OrgClient['rejectInvitation']>(),
    listTeams: vi.fn<OrgClient['listTeams']>(() => ok([])),
    createTeam: vi.fn<OrgClient['createTeam']>(),
    updateTeam: vi.fn<OrgClient['updateTeam']>(),
    removeTeam: vi.fn<OrgClient['removeTeam']>(),
    listTeamMembers: vi.fn<OrgClient['listTeamMembers']>(() => ok([])),
    addTeamMember: vi.fn<OrgClient['addTeamMember']>(),
    removeTeamMember: vi.fn<OrgClient['removeTeamMember']>(),
  } satisfies OrgClient;
}

type TwoFactor = AuthClient['twoFactor'];

/** The two-factor calls: each test sets the answers it needs. */
function createMockTwoFactorClient() {
  return {
    enable: vi.fn<TwoFactor['enable']>(),
    disable: vi.fn<TwoFactor['disable']>(() => ok({ status: true })),
    generateBackupCodes: vi.fn<TwoFactor['generateBackupCodes']>(),
    verifyTotp: vi.fn<TwoFactor['verifyTotp']>(),
    sendOtp: vi.fn<TwoFactor['sendOtp']>(() => ok({ status: true })),
    verifyOtp: vi.fn<TwoFactor['verifyOtp']>(),
    verifyBackupCode: vi.fn<TwoFactor['verifyBackupCode']>(),
    generatePasskeyOptions: vi.fn<TwoFactor['generatePasskeyOptions']>(),
    verifyPasskey: vi.fn<TwoFactor['verifyPasskey']>(),
  } satisfies TwoFactor;
}

type Passkey = AuthClient['passkey'];

/** The passkey calls: the list answers "none yet", the rest must be set by the test that needs them. */
function createMockPasskeyClient() {
  return {
    generateRegisterOptions: vi.fn<Passkey['generateRegisterOptions']>(),
    verifyRegistration: vi.fn<Passkey['verifyRegistration']>(),
    generateAuthenticateOptions: vi.fn<Passkey['generateAuthenticateOptions']>(),
    verifyAuthentication: vi.fn<Passkey['verifyAuthentication']>(),
    listUserPasskeys: vi.fn<Passkey['listUserPasskeys']>(() => ok([])),
    updatePasskey: vi.fn<Passkey['updatePasskey']>(),
    deletePasskey: vi.fn<Passkey['deletePasskey']>(() => ok({ status: true })),
  } satisfies Passkey;
}

type Links = AuthClient['links'];

/** The mailed-link calls: each test sets the answers it needs. */
function createMockLinkClient() {
  return {
    describeEmailChange: vi.fn<Links['describeEmailChange']>(),
    approveEmailChange: vi.fn<Links['approveEmailChange']>(() => ok({ status: true })),
    refuseEmailChange: vi.fn<Links['refuseEmailChange']>(() => ok({ status: true })),
    undoChange: vi.fn<Links['undoChange']>(),
    checkResetToken: vi.fn<Links['checkResetToken']>(() => ok({ valid: true, secondFactor: false })),
    describeMagicLink: vi.fn<Links['describeMagicLink']>(),
    confirmMagicLink: vi.fn<Links['confirmMagicLink']>(),
    describeVerification: vi.fn<Links['describeVerification']>(),
    confirmVerification: vi.fn<Links['confirmVerification']>(),
  } satisfies Links;
}

export function createMockClient() {
  return {
    signUp: { email: vi.fn<AuthClient['signUp']['email']>() },
    signIn: {
      email: vi.fn<AuthClient['signIn']['email']>(),
      username: vi.fn<AuthClient['signIn']['username']>(),
      social: vi.fn<AuthClient['signIn']['social']>(),
      magicLink: vi.fn<AuthClient['signIn']['magicLink']>(() => ok({ status: true })),
      emailOtp: vi.fn<AuthClient['signIn']['emailOtp']>(),
    },
    signOut: vi.fn<AuthClient['signOut']>(() => ok({ success: true })),
    getSession: vi.fn<AuthClient['getSession']>(() => ok(currentSession())),
    listSessions: vi.fn<AuthClient['listSessions']>(() => ok([])),
    revokeSession: vi.fn<AuthClient['revokeSession']>(() => ok({ status: true })),
    revokeOtherSessions: vi.fn<AuthClient['revokeOtherSessions']>(() => ok({ status: true })),
    updateUser: vi.fn<AuthClient['updateUser']>(() => ok({ status: true })),
    changePassword: vi.fn<AuthClient['changePassword']>(),
    changeEmail: vi.fn<AuthClient['changeEmail']>(() => ok({ status: true })),
    deleteUser: vi.fn<AuthClient['deleteUser']>(),
    requestPasswordReset: vi.fn<AuthClient['requestPasswordReset']>(() =>
      ok({ status: true, message: 'If this email exists in our system, check your email for the reset link' }),
    ),
    resetPassword: vi.fn<AuthClient['resetPassword']>(() => ok({ status: true })),
    verifyPassword: vi.fn<AuthClient['verifyPassword']>(() => ok({ status: true })),
    sendVerificationEmail: vi.fn<AuthClient['sendVerificationEmail']>(() => ok({ status: true })),
    linkSocial: vi.fn<AuthClient['linkSocial']>(),
    listAccounts: vi.fn<AuthClient['listAccounts']>(() => ok([])),
    unlinkAccount: vi.fn<AuthClient['unlinkAccount']>(() => ok({ status: true })),
    isUsernameAvailable: vi.fn<AuthClient['isUsernameAvailable']>(() => ok({ available: true })),
    exportUserData: vi.fn<AuthClient['exportUserData']>(),
    listOwnAuditEvents: vi.fn<AuthClient['listOwnAuditEvents']>(() => ok({ events: [], nextCursor: null })),
    organization: createMockOrganizationClient(),
    twoFactor: createMockTwoFactorClient(),
    passkey: createMockPasskeyClient(),
    emailOtp: {
      sendVerificationOtp: vi.fn<AuthClient['emailOtp']['sendVerificationOtp']>(() => ok({ success: true })),
    },
    links: createMockLinkClient(),
    admin: createMockAdminClient(),
  } satisfies AuthClient;
}

export const mockClient = createMockClient();

let session: SessionData | null = null;

/** What GET /get-session answers from now on (and what test/render.tsx puts in the cache before the first render). */
export function setSession(data: SessionData | null): void {
  session = data;
}

export function currentSession(): SessionData | null {
  return session;
}

export const module = { authClient: mockClient };

export function signedInSession(language: number | null = null): SessionData {
  const now = new Date().toISOString();
  return {
    user: {
      id: 'u1',
      name: 'Ada Lovelace',
      email: 'ada@example.com',
      emailVerified: true,
      image: null,
      createdAt: now,
      updatedAt: now,
      username: 'ada',
      displayUsername: 'ada',
      language,
      role: null,
      banned: false,
      banReason: null,
      banExpires: null,
      twoFactorEnabled: false,
    },
    session: {
      id: 's1',
      token: 't1',
      userId: 'u1',
      expiresAt: now,
      createdAt: now,
      updatedAt: now,
      ipAddress: null,
      userAgent: null,
      activeOrganizationId: null,
      activeTeamId: null,
      impersonatedBy: null,
    },
  };
}
