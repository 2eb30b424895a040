/**
 * The one door between the web app and the Latch API: every screen calls `authClient` from here
 * and nowhere else, so the app depends on the small surface typed below rather than on all of
 * `@latch/client`. Each call is typed by its row of the endpoint table (packages/contract): what it
 * takes, what it answers. The tests mock this module (test/mock-auth.ts).
 *
 * The session is not here: it lives in the query cache (lib/session.ts).
 */
import { createAuthClient } from '@latch/client';
import type {
  accountDeletion,
  accounts,
  audit,
  credentials,
  dataExport,
  EndpointEntry,
  emailChange,
  emailOtp,
  emailVerification,
  invitations,
  magicLink,
  members,
  organization,
  passkey,
  passwordReset,
  session,
  social,
  teams,
  twoFactor,
  undoChange,
  user,
  username,
} from '@latch/contract';
import { type AdminClient, bindAdminClient } from './auth-admin.ts';
import type { AnswerOf, AuthResult, InputOf } from './wire-types.ts';

/** A call that takes the row's input (body fields, and its query under `query`). */
type Call<E extends EndpointEntry> = (input: InputOf<E>) => Promise<AuthResult<AnswerOf<E>>>;
/** A call that needs no input. */
type Bare<E extends EndpointEntry> = () => Promise<AuthResult<AnswerOf<E>>>;
/** A GET call that takes the row's query itself (`listMembers({ organizationId })`). */
type QueryCall<E extends EndpointEntry> = (
  query: NonNullable<InputOf<E> extends { query?: infer Q } ? Q : never>,
) => Promise<AuthResult<AnswerOf<E>>>;

export interface OrganizationClient {
  create: Call<typeof organization.create>;
  checkSlug: Call<typeof organization.checkSlug>;
  update: Call<typeof organization.update>;
  delete: Call<typeof organization.remove>;
  list: Bare<typeof organization.list>;
  setActive: Call<typeof organization.setActive>;
  getFullOrganization: Bare<typeof organization.getFullOrganization>;
  listMembers: QueryCall<typeof members.listMembers>;
  getActiveMember: Bare<typeof members.getActiveMember>;
  updateMemberRole: Call<typeof members.updateMemberRole>;
  removeMember: Call<typeof members.removeMember>;
  leave: Call<typeof members.leave>;
  inviteMember: Call<typeof invitations.inviteMember>;
  listInvitations: QueryCall<typeof invitations.listInvitations>;
  cancelInvitation: Call<typeof invitations.cancelInvitation>;
  getInvitation: QueryCall<typeof invitations.getInvitation>;
  /** Latch's own, no session: what the invitation mail's link shows before signing in. */
  getInvitationPreview: QueryCall<typeof invitations.getInvitationPreview>;
  /** The open invitations addressed to the signed-in person's verified address. */
  listUserInvitations: Bare<typeof invitations.listUserInvitations>;
  acceptInvitation: Call<typeof invitations.acceptInvitation>;
  rejectInvitation: Call<typeof invitations.rejectInvitation>;
  listTeams: QueryCall<typeof teams.listTeams>;
  createTeam: Call<typeof teams.createTeam>;
  updateTeam: Call<typeof teams.updateTeam>;
  removeTeam: Call<typeof teams.removeTeam>;
  listTeamMembers: QueryCall<typeof teams.listTeamMembers>;
  addTeamMember: Call<typeof teams.addTeamMember>;
  removeTeamMember: Call<typeof teams.removeTeamMember>;
}

/** The two-factor plugin's calls (CONTRACT §6.4); the verify calls act on the session or the sign-in challenge. */
export interface TwoFactorClient {
  enable: Call<typeof twoFactor.enable>;
  disable: Call<typeof twoFactor.disable>;
  generateBackupCodes: Call<typeof twoFactor.generateBackupCodes>;
  verifyTotp: Call<typeof twoFactor.verifyTotp>;
  sendOtp: Bare<typeof twoFactor.sendOtp>;
  verifyOtp: Call<typeof twoFactor.verifyOtp>;
  verifyBackupCode: Call<typeof twoFactor.verifyBackupCode>;
  /** A passkey as the second factor: the options for the challenged account's passkeys, then its assertion. */
  generatePasskeyOptions: Bare<typeof twoFactor.generatePasskeyOptions>;
  verifyPasskey: Call<typeof twoFactor.verifyPasskey>;
}

/** The passkey plugin's calls (docs/passkeys.md): the two ceremonies, and the list of one's own passkeys. */
export interface PasskeyClient {
  /** Needs a recent sign-in (REAUTHENTICATION_REQUIRED); sets the challenge cookie. */
  generateRegisterOptions: Bare<typeof passkey.generateRegisterOptions>;
  verifyRegistration: Call<typeof passkey.verifyRegistration>;
  /** Without a session: any passkey of the site (the button and the browser's autofill). */
  generateAuthenticateOptions: Bare<typeof passkey.generateAuthenticateOptions>;
  verifyAuthentication: Call<typeof passkey.verifyAuthentication>;
  listUserPasskeys: Bare<typeof passkey.listUserPasskeys>;
  updatePasskey: Call<typeof passkey.updatePasskey>;
  deletePasskey: Call<typeof passkey.deletePasskey>;
}

/** Latch's own calls around mailed links (not in better-auth's client). */
export interface LinkClient {
  describeEmailChange: Call<typeof emailChange.describeEmailChange>;
  approveEmailChange: Call<typeof emailChange.approveEmailChange>;
  refuseEmailChange: Call<typeof emailChange.refuseEmailChange>;
  undoChange: Call<typeof undoChange.undoChange>;
  checkResetToken: Call<typeof passwordReset.checkResetToken>;
  /** A magic link opened in a browser that did not ask for it: the account it signs in to (nothing spent). */
  describeMagicLink: Call<typeof magicLink.describeMagicLink>;
  /** The person's confirming click on that page: spends the link, signs in, answers where to go. */
  confirmMagicLink: Call<typeof magicLink.confirmMagicLink>;
  /** A verification link opened in a browser that did not ask for it: the address (nothing spent). */
  describeVerification: Call<typeof emailVerification.describeVerification>;
  /** "Did you set this account up?": mine verifies, not mine claims the address. */
  confirmVerification: Call<typeof emailVerification.confirmVerification>;
}

export interface AuthClient {
  signUp: { email: Call<typeof credentials.signUpEmail> };
  signIn: {
    email: Call<typeof credentials.signInEmail>;
    username: Call<typeof username.signInUsername>;
    social: Call<typeof social.signInSocial>;
    /** Mails a single-use sign-in link; the same answer whoever the address belongs to. */
    magicLink: Call<typeof magicLink.signInMagicLink>;
    /** A code mailed by `emailOtp.sendVerificationOtp({ type: 'sign-in' })`. */
    emailOtp: Call<typeof emailOtp.signInEmailOtp>;
  };
  signOut: Bare<typeof session.signOut>;
  getSession: Bare<typeof session.getSession>;
  listSessions: Bare<typeof session.listSessions>;
  revokeSession: Call<typeof session.revokeSession>;
  revokeOtherSessions: Bare<typeof session.revokeOtherSessions>;
  updateUser: Call<typeof user.updateUser>;
  changePassword: Call<typeof credentials.changePassword>;
  changeEmail: Call<typeof emailChange.changeEmail>;
  deleteUser: Call<typeof accountDeletion.deleteUser>;
  requestPasswordReset: Call<typeof passwordReset.requestPasswordReset>;
  /** `code` / `backupCode`: the second factor of an account that has an authenticator app. */
  resetPassword: Call<typeof passwordReset.resetPassword>;
  /** The password again inside the session: renews its sign-in time (REAUTHENTICATION_REQUIRED). */
  verifyPassword: Call<typeof credentials.verifyPassword>;
  sendVerificationEmail: Call<typeof emailVerification.sendVerificationEmail>;
  linkSocial: Call<typeof social.linkSocial>;
  listAccounts: Bare<typeof accounts.listAccounts>;
  unlinkAccount: Call<typeof accounts.unlinkAccount>;
  isUsernameAvailable: Call<typeof username.isUsernameAvailable>;
  /** GET /export-user-data: what Latch keeps about the signed-in person, to download (never a secret). */
  exportUserData: Bare<typeof dataExport.exportUserData>;
  /** GET /list-own-audit-events: the person's own security activity, newest first, a page at a time. */
  listOwnAuditEvents: QueryCall<typeof audit.listOwnAuditEvents>;
  organization: OrganizationClient;
  twoFactor: TwoFactorClient;
  passkey: PasskeyClient;
  emailOtp: { sendVerificationOtp: Call<typeof emailOtp.sendVerificationOtp> };
  links: LinkClient;
  /** The admin console's calls (lib/auth-admin.ts); the server refuses them to anyone but an admin. */
  admin: AdminClient;
}

// ---------------------------------------------------------------------------------------------
// The client: same origin, base path /api/auth (the server serves this app at `/`). Its own session
// store is not used (the query cache holds the session), and so neither is its cross-tab channel:
// lib/session.ts tells other tabs itself, once per change.

const client = createAuthClient({ session: { broadcastChannel: false } });

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
    magicLink: (body) => client.signIn.magicLink(body),
    emailOtp: (body) => client.signIn.emailOtp(body),
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
  listOwnAuditEvents: (query) => client.listOwnAuditEvents({ query }),
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
    getInvitationPreview: (query) => client.organization.invitationPreview({ query }),
    listUserInvitations: () => client.organization.listUserInvitations(),
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
    generatePasskeyOptions: () => client.twoFactor.generatePasskeyOptions(),
    verifyPasskey: (body) => client.twoFactor.verifyPasskey(body),
  },
  passkey: {
    generateRegisterOptions: () => client.passkey.generateRegisterOptions(),
    verifyRegistration: (body) => client.passkey.verifyRegistration(body),
    generateAuthenticateOptions: () => client.passkey.generateAuthenticateOptions(),
    verifyAuthentication: (body) => client.passkey.verifyAuthentication(body),
    listUserPasskeys: () => client.passkey.listUserPasskeys(),
    updatePasskey: (body) => client.passkey.updatePasskey(body),
    deletePasskey: (body) => client.passkey.deletePasskey(body),
  },
  emailOtp: { sendVerificationOtp: (body) => client.emailOtp.sendVerificationOtp(body) },
  // each of these is a POST made by a click on the page a mail opened, never by the link's GET
  links: {
    describeEmailChange: (body) => client.changeEmail.describe(body),
    approveEmailChange: (body) => client.changeEmail.approve(body),
    refuseEmailChange: (body) => client.changeEmail.refuse(body),
    undoChange: (body) => client.undoChange(body),
    checkResetToken: (body) => client.resetPassword.check(body),
    describeMagicLink: (body) => client.magicLink.describe(body),
    confirmMagicLink: (body) => client.magicLink.confirm(body),
    describeVerification: (body) => client.verifyEmail.describe(body),
    confirmVerification: (body) => client.verifyEmail.confirm(body),
  },
  admin: bindAdminClient(client),
};
