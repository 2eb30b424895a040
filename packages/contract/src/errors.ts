/**
 * The error catalogue: every code Latch answers with, its HTTP status and its message.
 * Codes are API: never rename or reuse one. A code is the message upper-cased with
 * spaces and other separators as underscores (the spec's rule, CONTRACT.md §2.1),
 * except where better-auth's client tables already fix a different code.
 */
export interface ErrorDefinition {
  readonly status: number;
  readonly message: string;
}

const e = (status: number, message: string): ErrorDefinition => ({ status, message });

export const BASE_ERRORS = {
  // transport
  NOT_FOUND: e(404, 'Not Found'),
  UNSUPPORTED_MEDIA_TYPE: e(415, 'Content-Type is not allowed. Allowed types: application/json'),
  BAD_REQUEST: e(400, 'Invalid JSON in request body'),
  VALIDATION_ERROR: e(400, 'Invalid body parameters'),
  BODY_MUST_BE_AN_OBJECT: e(400, 'Body must be an object'),
  PAYLOAD_TOO_LARGE: e(413, 'The request body is too large'),
  TOO_MANY_REQUESTS: e(429, 'Too many requests. Please try again later.'),
  INTERNAL_SERVER_ERROR: e(500, 'Internal server error'),
  UNAUTHORIZED: e(401, 'Unauthorized'),
  // origin and redirect targets
  INVALID_ORIGIN: e(403, 'Invalid origin'),
  MISSING_OR_NULL_ORIGIN: e(403, 'Missing or null Origin'),
  CROSS_SITE_NAVIGATION_LOGIN_BLOCKED: e(
    403,
    'Cross-site navigation login blocked. This request appears to be a CSRF attack.',
  ),
  INVALID_CALLBACK_URL: e(403, 'Invalid callbackURL'),
  INVALID_REDIRECT_URL: e(403, 'Invalid redirectURL'),
  INVALID_ERROR_CALLBACK_URL: e(403, 'Invalid errorCallbackURL'),
  INVALID_NEW_USER_CALLBACK_URL: e(403, 'Invalid newUserCallbackURL'),
  CALLBACK_URL_REQUIRED: e(400, 'callbackURL is required'),
  // users and credentials
  USER_NOT_FOUND: e(404, 'User not found'),
  FAILED_TO_CREATE_USER: e(422, 'Failed to create user'),
  FAILED_TO_CREATE_SESSION: e(500, 'Failed to create session'),
  FAILED_TO_UPDATE_USER: e(500, 'Failed to update user'),
  FAILED_TO_GET_SESSION: e(401, 'Failed to get session'),
  INVALID_PASSWORD: e(400, 'Invalid password'),
  INVALID_EMAIL: e(400, 'Invalid email'),
  INVALID_EMAIL_OR_PASSWORD: e(401, 'Invalid email or password'),
  INVALID_USER: e(401, 'Invalid user'),
  PASSWORD_TOO_SHORT: e(400, 'Password too short'),
  PASSWORD_TOO_LONG: e(400, 'Password too long'),
  /** On a blocklist of common or breached passwords (better-auth's code and message for the same check). */
  PASSWORD_COMPROMISED: e(400, 'The password you entered has been compromised. Please choose a different password.'),
  /** The optional breach check could not answer and the operator chose to refuse then (password.breachCheck.failClosed). */
  PASSWORD_BREACH_CHECK_UNAVAILABLE: e(503, 'Password breach check unavailable'),
  USER_ALREADY_EXISTS: e(422, 'User already exists.'),
  USER_ALREADY_EXISTS_USE_ANOTHER_EMAIL: e(422, 'User already exists. Use another email.'),
  EMAIL_CAN_NOT_BE_UPDATED: e(400, 'Email can not be updated'),
  CREDENTIAL_ACCOUNT_NOT_FOUND: e(400, 'Credential account not found'),
  PASSWORD_ALREADY_SET: e(400, 'User already has a password set'),
  USER_ALREADY_HAS_PASSWORD: e(400, 'User already has a password. Provide that to delete the account.'),
  EMAIL_PASSWORD_DISABLED: e(400, 'Email and password is not enabled'),
  EMAIL_PASSWORD_SIGN_UP_DISABLED: e(400, 'Email and password sign up is not enabled'),
  FIELD_NOT_ALLOWED: e(400, 'Field not allowed to be set'),
  MISSING_FIELD: e(400, 'Field is required'),
  NO_FIELDS_TO_UPDATE: e(400, 'No fields to update'),
  INVALID_LANGUAGE: e(400, 'Invalid language'),
  BANNED_USER: e(
    403,
    'You have been banned from this application. Please contact support if you believe this is an error.',
  ),
  // sessions
  SESSION_EXPIRED: e(400, 'Session expired. Re-authenticate to perform this action.'),
  SESSION_NOT_FRESH: e(403, 'Session is not fresh'),
  SESSION_NOT_FOUND: e(404, 'Session not found'),
  NOT_ALLOWED_WHILE_IMPERSONATING: e(403, 'Not allowed while impersonating this user'),
  /** Adding a way into an account needs a recent sign-in or the password again (POST /verify-password). */
  REAUTHENTICATION_REQUIRED: e(403, 'Reauthentication required'),
  METHOD_NOT_ALLOWED_DEFER_SESSION_REQUIRED: e(
    405,
    'POST method requires deferSessionRefresh to be enabled in session config',
  ),
  // tokens and email flows
  INVALID_TOKEN: e(400, 'Invalid token'),
  TOKEN_EXPIRED: e(401, 'Token expired'),
  EMAIL_NOT_VERIFIED: e(403, 'Email not verified'),
  EMAIL_ALREADY_VERIFIED: e(400, 'Email is already verified'),
  EMAIL_MISMATCH: e(400, 'Email mismatch'),
  EMAIL_IS_THE_SAME: e(400, 'Email is the same'),
  COULDNT_UPDATE_YOUR_EMAIL: e(400, "Couldn't update your email"),
  VERIFICATION_EMAIL_NOT_ENABLED: e(400, "Verification email isn't enabled"),
  RESET_PASSWORD_DISABLED: e(400, "Reset password isn't enabled"),
  CHANGE_EMAIL_DISABLED: e(400, 'Change email is disabled'),
  DELETE_USER_DISABLED: e(404, 'Delete user is disabled'),
  FAILED_TO_CREATE_VERIFICATION: e(500, 'Unable to create verification'),
  FAILED_TO_SEND_EMAIL: e(500, 'Unable to send email'),
  // accounts and social sign-in
  PROVIDER_NOT_FOUND: e(404, 'Provider not found'),
  ID_TOKEN_NOT_SUPPORTED: e(404, 'id_token not supported'),
  FAILED_TO_GET_USER_INFO: e(401, 'Failed to get user info'),
  USER_EMAIL_NOT_FOUND: e(401, 'User email not found'),
  SOCIAL_ACCOUNT_ALREADY_LINKED: e(409, 'Social account already linked'),
  LINKED_ACCOUNT_ALREADY_EXISTS: e(400, 'Linked account already exists'),
  FAILED_TO_UNLINK_LAST_ACCOUNT: e(400, "You can't unlink your last account"),
  ACCOUNT_NOT_FOUND: e(400, 'Account not found'),
  OAUTH_LINK_ERROR: e(401, 'account not linked'),
  LINKING_NOT_ALLOWED: e(401, 'Account not linked - linking not allowed'),
  LINKING_DIFFERENT_EMAILS_NOT_ALLOWED: e(401, 'Account not linked - different emails not allowed'),
  LINKING_FAILED: e(417, 'Account not linked - unable to create account'),
  PROVIDER_NOT_SUPPORTED: e(400, 'Provider is not supported.'),
  PROVIDER_NOT_CONFIGURED: e(400, 'Provider is not configured'),
  TOKEN_REFRESH_NOT_SUPPORTED: e(400, 'Token refresh is not supported for this provider'),
  REFRESH_TOKEN_NOT_FOUND: e(400, 'Refresh token not found'),
  FAILED_TO_REFRESH_ACCESS_TOKEN: e(400, 'Failed to refresh access token'),
  FAILED_TO_GET_ACCESS_TOKEN: e(400, 'Failed to get a valid access token'),
  ACCESS_TOKEN_NOT_FOUND: e(400, 'Access token not found'),
  USER_ID_OR_SESSION_REQUIRED: e(400, 'Either userId or session is required'),
} as const satisfies Record<string, ErrorDefinition>;

export const USERNAME_ERRORS = {
  INVALID_USERNAME_OR_PASSWORD: e(401, 'Invalid username or password'),
  UNEXPECTED_ERROR: e(500, 'Unexpected error'),
  USERNAME_IS_ALREADY_TAKEN: e(400, 'Username is already taken. Please try another.'),
  USERNAME_TOO_SHORT: e(400, 'Username is too short'),
  USERNAME_TOO_LONG: e(400, 'Username is too long'),
  INVALID_USERNAME: e(400, 'Username is invalid.'),
  INVALID_DISPLAY_USERNAME: e(400, 'Display username is invalid'),
} as const satisfies Record<string, ErrorDefinition>;

/**
 * The organization plugin's codes (CONTRACT §6.2; better-auth's `plugins/organization/error-codes`).
 * Statuses are the ones the endpoints answer most often; endpoints override where the
 * contract observes another (remove-member's 401, has-permission's 401).
 */
export const ORGANIZATION_ERRORS = {
  // answered by the invitation routes with better-auth's exact messages (CONTRACT §6.2)
  NOT_AUTHENTICATED: e(401, 'Not authenticated'),
  ORGANIZATION_ID_IS_REQUIRED: e(400, 'Organization ID is required'),
  USER_EMAIL_CANNOT_BE_PASSED_FOR_CLIENT_SIDE_API_CALLS: e(
    400,
    'User email cannot be passed for client side API calls.',
  ),
  MISSING_SESSION_HEADERS_OR_EMAIL_QUERY_PARAMETER: e(400, 'Missing session headers, or email query parameter.'),
  YOU_ARE_NOT_ALLOWED_TO_CREATE_A_NEW_ORGANIZATION: e(403, 'You are not allowed to create a new organization'),
  YOU_HAVE_REACHED_THE_MAXIMUM_NUMBER_OF_ORGANIZATIONS: e(403, 'You have reached the maximum number of organizations'),
  ORGANIZATION_ALREADY_EXISTS: e(400, 'Organization already exists'),
  ORGANIZATION_SLUG_ALREADY_TAKEN: e(400, 'Organization slug already taken'),
  ORGANIZATION_NOT_FOUND: e(400, 'Organization not found'),
  USER_IS_NOT_A_MEMBER_OF_THE_ORGANIZATION: e(403, 'User is not a member of the organization'),
  YOU_ARE_NOT_ALLOWED_TO_UPDATE_THIS_ORGANIZATION: e(403, 'You are not allowed to update this organization'),
  YOU_ARE_NOT_ALLOWED_TO_DELETE_THIS_ORGANIZATION: e(403, 'You are not allowed to delete this organization'),
  ORGANIZATION_DELETION_DISABLED: e(404, 'Organization deletion is disabled'),
  NO_ACTIVE_ORGANIZATION: e(400, 'No active organization'),
  USER_IS_ALREADY_A_MEMBER_OF_THIS_ORGANIZATION: e(400, 'User is already a member of this organization'),
  MEMBER_NOT_FOUND: e(400, 'Member not found'),
  ROLE_NOT_FOUND: e(400, 'Role not found'),
  YOU_ARE_NOT_ALLOWED_TO_CREATE_A_NEW_TEAM: e(403, 'You are not allowed to create a new team'),
  TEAM_ALREADY_EXISTS: e(400, 'Team already exists'),
  TEAM_NOT_FOUND: e(400, 'Team not found'),
  YOU_CANNOT_LEAVE_THE_ORGANIZATION_AS_THE_ONLY_OWNER: e(400, 'You cannot leave the organization as the only owner'),
  YOU_CANNOT_LEAVE_THE_ORGANIZATION_WITHOUT_AN_OWNER: e(400, 'You cannot leave the organization without an owner'),
  YOU_ARE_NOT_ALLOWED_TO_DELETE_THIS_MEMBER: e(401, 'You are not allowed to delete this member'),
  YOU_ARE_NOT_ALLOWED_TO_INVITE_USERS_TO_THIS_ORGANIZATION: e(
    403,
    'You are not allowed to invite users to this organization',
  ),
  USER_IS_ALREADY_INVITED_TO_THIS_ORGANIZATION: e(400, 'User is already invited to this organization'),
  INVITATION_NOT_FOUND: e(400, 'Invitation not found'),
  YOU_ARE_NOT_THE_RECIPIENT_OF_THE_INVITATION: e(403, 'You are not the recipient of the invitation'),
  EMAIL_VERIFICATION_REQUIRED_BEFORE_ACCEPTING_OR_REJECTING_INVITATION: e(
    403,
    'Email verification required before accepting or rejecting invitation',
  ),
  EMAIL_VERIFICATION_REQUIRED_FOR_INVITATION: e(
    403,
    'Email verification required to view or list invitations for the session email',
  ),
  YOU_ARE_NOT_ALLOWED_TO_CANCEL_THIS_INVITATION: e(403, 'You are not allowed to cancel this invitation'),
  YOU_ARE_NOT_ALLOWED_TO_LIST_INVITATIONS: e(403, 'You are not allowed to list invitations for this organization'),
  INVITER_IS_NO_LONGER_A_MEMBER_OF_THE_ORGANIZATION: e(400, 'Inviter is no longer a member of the organization'),
  YOU_ARE_NOT_ALLOWED_TO_INVITE_USER_WITH_THIS_ROLE: e(403, 'You are not allowed to invite a user with this role'),
  FAILED_TO_RETRIEVE_INVITATION: e(400, 'Failed to retrieve invitation'),
  YOU_HAVE_REACHED_THE_MAXIMUM_NUMBER_OF_TEAMS: e(400, 'You have reached the maximum number of teams'),
  UNABLE_TO_REMOVE_LAST_TEAM: e(400, 'Unable to remove last team'),
  YOU_ARE_NOT_ALLOWED_TO_UPDATE_THIS_MEMBER: e(403, 'You are not allowed to update this member'),
  ORGANIZATION_MEMBERSHIP_LIMIT_REACHED: e(403, 'Organization membership limit reached'),
  YOU_ARE_NOT_ALLOWED_TO_CREATE_TEAMS_IN_THIS_ORGANIZATION: e(
    403,
    'You are not allowed to create teams in this organization',
  ),
  YOU_ARE_NOT_ALLOWED_TO_DELETE_TEAMS_IN_THIS_ORGANIZATION: e(
    403,
    'You are not allowed to delete teams in this organization',
  ),
  YOU_ARE_NOT_ALLOWED_TO_UPDATE_THIS_TEAM: e(403, 'You are not allowed to update this team'),
  YOU_ARE_NOT_ALLOWED_TO_DELETE_THIS_TEAM: e(403, 'You are not allowed to delete this team'),
  INVITATION_LIMIT_REACHED: e(403, 'Invitation limit reached'),
  TEAM_MEMBER_LIMIT_REACHED: e(403, 'Team member limit reached'),
  USER_IS_NOT_A_MEMBER_OF_THE_TEAM: e(400, 'User is not a member of the team'),
  YOU_CAN_NOT_ACCESS_THE_MEMBERS_OF_THIS_TEAM: e(403, 'You are not allowed to list the members of this team'),
  YOU_DO_NOT_HAVE_AN_ACTIVE_TEAM: e(400, 'You do not have an active team'),
  YOU_ARE_NOT_ALLOWED_TO_CREATE_A_NEW_TEAM_MEMBER: e(403, 'You are not allowed to create a new member'),
  YOU_ARE_NOT_ALLOWED_TO_REMOVE_A_TEAM_MEMBER: e(403, 'You are not allowed to remove a team member'),
  YOU_ARE_NOT_ALLOWED_TO_ACCESS_THIS_ORGANIZATION: e(
    403,
    'You are not allowed to access this organization as an owner',
  ),
  YOU_ARE_NOT_A_MEMBER_OF_THIS_ORGANIZATION: e(403, 'You are not a member of this organization'),
  INVALID_TEAM_ID: e(400, 'Team id contains a reserved character'),
  // the spec's access-control refusals (seed-spec §6)
  NOT_AUTHORIZED: e(403, 'Not authorized'),
} as const satisfies Record<string, ErrorDefinition>;

/** The admin plugin's codes (CONTRACT §6.3). */
export const ADMIN_ERRORS = {
  YOU_CANNOT_BAN_YOURSELF: e(400, 'You cannot ban yourself'),
  YOU_ARE_NOT_ALLOWED_TO_CHANGE_USERS_ROLE: e(403, 'You are not allowed to change users role'),
  YOU_ARE_NOT_ALLOWED_TO_CREATE_USERS: e(403, 'You are not allowed to create users'),
  YOU_ARE_NOT_ALLOWED_TO_LIST_USERS: e(403, 'You are not allowed to list users'),
  YOU_ARE_NOT_ALLOWED_TO_LIST_USERS_SESSIONS: e(403, 'You are not allowed to list users sessions'),
  YOU_ARE_NOT_ALLOWED_TO_BAN_USERS: e(403, 'You are not allowed to ban users'),
  YOU_ARE_NOT_ALLOWED_TO_IMPERSONATE_USERS: e(403, 'You are not allowed to impersonate users'),
  YOU_ARE_NOT_ALLOWED_TO_REVOKE_USERS_SESSIONS: e(403, 'You are not allowed to revoke users sessions'),
  YOU_ARE_NOT_ALLOWED_TO_DELETE_USERS: e(403, 'You are not allowed to delete users'),
  YOU_ARE_NOT_ALLOWED_TO_SET_USERS_PASSWORD: e(403, 'You are not allowed to set users password'),
  YOU_ARE_NOT_ALLOWED_TO_GET_USER: e(403, 'You are not allowed to get user'),
  YOU_ARE_NOT_ALLOWED_TO_UPDATE_USERS: e(403, 'You are not allowed to update users'),
  YOU_ARE_NOT_ALLOWED_TO_SET_USERS_EMAIL: e(403, 'You are not allowed to update users email'),
  YOU_CANNOT_REMOVE_YOURSELF: e(400, 'You cannot remove yourself'),
  YOU_CANNOT_IMPERSONATE_ADMINS: e(403, 'You cannot impersonate admins'),
  YOU_ARE_NOT_ALLOWED_TO_SET_NON_EXISTENT_VALUE: e(400, 'You are not allowed to set a non-existent role value'),
  INVALID_ROLE_TYPE: e(400, 'Invalid role type'),
  NO_DATA_TO_UPDATE: e(400, 'No data to update'),
  PASSWORD_CANNOT_BE_UPDATED_VIA_UPDATE_USER: e(
    400,
    'Password cannot be updated through update-user. Use the set-user-password endpoint instead',
  ),
  USER_ID_CANNOT_BE_UPDATED: e(400, 'User id cannot be updated'),
  NOT_IMPERSONATING: e(400, 'You are not impersonating anyone'),
  FAILED_TO_FIND_ADMIN_SESSION: e(400, 'Failed to find admin session'),
  INVALID_PERMISSION_CHECK: e(400, 'invalid permission check. no permission(s) were passed.'),
  /**
   * An admin change needs a second factor proved by this session recently
   * (plugins.admin.requireSecondFactor): a code entered in the session (verify-totp,
   * verify-backup-code) or a sign-in with two-factor or a passkey. Never an impersonation.
   */
  SECOND_FACTOR_REQUIRED: e(403, 'Second factor required'),
} as const satisfies Record<string, ErrorDefinition>;

/**
 * The passkey plugin's codes (better-auth's PASSKEY_ERROR_CODES, with the statuses its
 * endpoints answer), and Latch's rule that the last way in stays.
 */
export const PASSKEY_ERRORS = {
  CHALLENGE_NOT_FOUND: e(400, 'Challenge not found'),
  YOU_ARE_NOT_ALLOWED_TO_REGISTER_THIS_PASSKEY: e(401, 'You are not allowed to register this passkey'),
  FAILED_TO_VERIFY_REGISTRATION: e(400, 'Failed to verify registration'),
  /** 404 for the person's own list; verify-authentication answers it with 401, as better-auth does. */
  PASSKEY_NOT_FOUND: e(404, 'Passkey not found'),
  AUTHENTICATION_FAILED: e(401, 'Authentication failed'),
  /** The authenticator already holds a passkey of this account (or of another one). */
  PREVIOUSLY_REGISTERED: e(400, 'Previously registered'),
  /** Without a password or a linked provider, the last passkey is the only way back in. */
  CANNOT_DELETE_THE_ONLY_WAY_TO_SIGN_IN: e(400, 'Cannot delete the only way to sign in'),
} as const satisfies Record<string, ErrorDefinition>;

/** The two-factor plugin's codes (CONTRACT §6.4). */
export const TWO_FACTOR_ERRORS = {
  OTP_NOT_ENABLED: e(400, 'OTP not enabled'),
  OTP_NOT_CONFIGURED: e(400, 'OTP is not available'),
  OTP_HAS_EXPIRED: e(400, 'OTP has expired'),
  TOTP_NOT_ENABLED: e(400, 'TOTP not enabled'),
  TOTP_ALREADY_ENABLED: e(400, 'TOTP is already enabled'),
  TOTP_NOT_CONFIGURED: e(400, 'TOTP is not available'),
  TWO_FACTOR_NOT_ENABLED: e(400, "Two factor isn't enabled"),
  BACKUP_CODES_NOT_ENABLED: e(400, "Backup codes aren't enabled"),
  INVALID_BACKUP_CODE: e(401, 'Invalid backup code'),
  INVALID_CODE: e(401, 'Invalid code'),
  TOO_MANY_ATTEMPTS_REQUEST_NEW_CODE: e(400, 'Too many attempts. Please request a new code.'),
  ACCOUNT_TEMPORARILY_LOCKED: e(
    429,
    'Too many failed verification attempts. Your account is temporarily locked. Please try again later.',
  ),
  INVALID_TWO_FACTOR_COOKIE: e(401, 'Invalid two factor cookie'),
  // better-auth sends this one without a code; Latch derives it from the message
  /** A password reset of an account with an authenticator app needs its code or a backup code too. */
  TWO_FACTOR_AUTHENTICATION_REQUIRED: e(403, 'Two-factor authentication required'),
  /** Without the operator's opt-in, the mailbox cannot hold both factors. */
  EMAILED_CODES_CANNOT_BE_THE_ONLY_SECOND_FACTOR: e(400, 'Emailed codes cannot be the only second factor'),
  FAILED_TO_VERIFY_BACKUP_CODE_PLEASE_TRY_AGAIN: e(409, 'Failed to verify backup code. Please try again.'),
} as const satisfies Record<string, ErrorDefinition>;

/** The email-otp plugin's codes (better-auth's EMAIL_OTP_ERROR_CODES, with its statuses). */
export const EMAIL_OTP_ERRORS = {
  OTP_EXPIRED: e(400, 'OTP expired'),
  INVALID_OTP: e(400, 'Invalid OTP'),
  /** The code's tries are spent: only a new code helps. */
  TOO_MANY_ATTEMPTS: e(403, 'Too many attempts'),
} as const satisfies Record<string, ErrorDefinition>;

/** Webhooks' codes (docs/webhooks.md). */
export const WEBHOOK_ERRORS = {
  YOU_ARE_NOT_ALLOWED_TO_MANAGE_WEBHOOKS: e(403, 'You are not allowed to manage webhooks'),
  WEBHOOK_ENDPOINT_NOT_FOUND: e(404, 'Webhook endpoint not found'),
  WEBHOOK_DELIVERY_NOT_FOUND: e(404, 'Webhook delivery not found'),
  /** Not https, credentials in it, or a loopback or private-network target the configuration does not allow. */
  WEBHOOK_URL_NOT_ALLOWED: e(400, 'Webhook URL not allowed'),
} as const satisfies Record<string, ErrorDefinition>;

/** The audit log's codes (docs/audit-log.md). */
export const AUDIT_ERRORS = {
  /** The admin audit endpoints and an organization's own audit log, for those without the permission. */
  YOU_ARE_NOT_ALLOWED_TO_READ_THE_AUDIT_LOG: e(403, 'You are not allowed to read the audit log'),
} as const satisfies Record<string, ErrorDefinition>;

/** The admin console's reads of organizations (docs/admin.md). */
export const ADMIN_CONSOLE_ERRORS = {
  /** list-organizations and get-organization, for those without the console's permission. */
  YOU_ARE_NOT_ALLOWED_TO_READ_ORGANIZATIONS: e(403, 'You are not allowed to read organizations'),
} as const satisfies Record<string, ErrorDefinition>;

/** The jwt plugin's codes. */
export const JWT_ERRORS = {
  YOU_ARE_NOT_ALLOWED_TO_ROTATE_SIGNING_KEYS: e(403, 'You are not allowed to rotate signing keys'),
} as const satisfies Record<string, ErrorDefinition>;

export const ERRORS = {
  ...BASE_ERRORS,
  ...USERNAME_ERRORS,
  ...ORGANIZATION_ERRORS,
  ...ADMIN_ERRORS,
  ...PASSKEY_ERRORS,
  ...TWO_FACTOR_ERRORS,
  ...WEBHOOK_ERRORS,
  ...EMAIL_OTP_ERRORS,
  ...AUDIT_ERRORS,
  ...ADMIN_CONSOLE_ERRORS,
  ...JWT_ERRORS,
} as const;

export type ErrorCode = keyof typeof ERRORS;

/**
 * The spec's rule for codes of free-text messages: upper-case, separators to `_`,
 * anything else outside [A-Z0-9_] dropped ("No fields to update" -> NO_FIELDS_TO_UPDATE).
 */
export function deriveErrorCode(message: string): string {
  const code = message
    .toUpperCase()
    .replace(/[\s\-./:,;]+/g, '_')
    .replace(/[^A-Z0-9_]/g, '')
    .replace(/_+/g, '_')
    .replace(/^_|_$/g, '');
  return code || 'ERROR';
}

/** The JSON body of every error answer. */
export interface ErrorBody {
  code: string;
  message: string;
}
