/**
 * The shapes the web app receives, each taken from the contract (packages/contract) rather than
 * written again: the entities' schemas (`userJson`, `sessionJson`, the organization plugin's) and
 * the answers of the endpoint rows the app calls (lib/auth.ts). A new field in the contract is a new
 * field here with nothing to edit.
 *
 * Timestamps arrive as `Date` (@latch/client revives them); an ISO string is accepted as well, so
 * that a screen formats either (`new Date(value)`) and a test may write dates as text.
 */
import type { Answer, AuthError as ClientAuthError, DateKey, MethodInput } from '@latch/client';
import type {
  AccountJson,
  credentials,
  dataExport,
  EndpointEntry,
  emailChange,
  invitations,
  organization,
  passwordReset,
  SessionJson,
  session,
  twoFactor,
  UserJson,
  undoChange,
} from '@latch/contract';

export type DateValue = Date | string;

/** `null` and `undefined` stay what they are; any other value of a timestamp's key is a `DateValue`. */
type Timestamp<V> = V extends null ? null : V extends undefined ? undefined : DateValue;

/** A contract shape as the app receives it: every timestamp (`…At`, `banExpires`) a `DateValue`, at any depth. */
export type Received<T> = T extends readonly (infer Item)[]
  ? Received<Item>[]
  : T extends Date
    ? DateValue
    : T extends object
      ? { [K in keyof T]: K extends DateKey ? Timestamp<T[K]> : Received<T[K]> }
      : T;

/** What a row's method resolves to, as the app receives it. */
export type AnswerOf<E extends EndpointEntry> = Received<Answer<E>>;
/** What a row's method takes: the body's fields, and its query under `query`. */
export type InputOf<E extends EndpointEntry> = MethodInput<E>;

// ---------------------------------------------------------------------------------------------
// Errors and results

/**
 * A refusal or a failed request. The client's own error, with the texts optional: a test, or an
 * answer without a body (a bare 404, a 429 of a proxy), may leave them out.
 */
export interface AuthError {
  status: ClientAuthError['status'];
  /** The status name; `Fetch Error` when no answer came (lib/errors.ts `isNetworkError`). */
  statusText?: string | null;
  /** The server's error code (the contract's catalogue); absent on a few answers (429, empty bodies). */
  code?: string | null;
  message?: string | null;
}

export type AuthResult<T> = { data: T; error: null } | { data: null; error: AuthError };

// ---------------------------------------------------------------------------------------------
// Entities (packages/contract/src/entities.ts and the organization plugin's)

export type User = Received<UserJson>;
export type Session = Received<SessionJson>;
/** GET /get-session when signed in: the session and its user. */
export type SessionData = NonNullable<AnswerOf<typeof session.getSession>>;
export type Account = Received<AccountJson>;

/** An organization as list, get-full-organization, set-active and delete answer it (`metadata` as JSON text). */
export type Organization = Received<organization.OrganizationJson>;
/** An organization as create and update answer it (`metadata` as an object). */
export type OrganizationWithMetadata = Received<organization.OrganizationWithMetadataJson>;
export type FullOrganization = NonNullable<AnswerOf<typeof organization.getFullOrganization>>;
export type Member = Received<organization.MemberJson>;
export type MemberWithUser = Received<organization.MemberWithUserJson>;
export type MemberUser = MemberWithUser['user'];
export type Invitation = Received<organization.InvitationJson>;
export type InvitationStatus = Invitation['status'];
/** GET /organization/get-invitation: an invitation as its recipient sees it. */
export type InvitationDetails = AnswerOf<typeof invitations.getInvitation>;
export type Team = Received<organization.TeamJson>;
export type TeamMember = Received<organization.TeamMemberJson>;

// ---------------------------------------------------------------------------------------------
// Answers the screens read

/** A password sign-in: a session's user, or the two-factor challenge (`twoFactorRedirect`). */
export type SignInAnswer = AnswerOf<typeof credentials.signInEmail>;
/** POST /two-factor/enable: the authenticator app's URI and backup codes, or emailed codes turned on. */
export type TwoFactorEnableAnswer = AnswerOf<typeof twoFactor.enable>;
/** POST /change-email/describe: the address change an approval link asks about. */
export type EmailChangeRequest = AnswerOf<typeof emailChange.describeEmailChange>;
/** POST /undo-change: what was undone; every session of the account has ended. */
export type UndoChangeAnswer = AnswerOf<typeof undoChange.undoChange>;
/** The changes a security notice's link can undo. */
export type UndoableChange = UndoChangeAnswer['change'];
/** POST /reset-password/check: whether the link still works, and whether the authenticator app is asked too. */
export type ResetTokenCheck = AnswerOf<typeof passwordReset.checkResetToken>;
/** GET /export-user-data: what Latch keeps about the signed-in person (never a secret). */
export type UserDataExport = AnswerOf<typeof dataExport.exportUserData>;
