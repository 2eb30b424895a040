/**
 * The endpoint table: every endpoint Latch serves, as data (ARCHITECTURE.md,
 * "packages/contract"). The server binds a handler to each row, the client's methods and
 * the OpenAPI document are derived from it. A feature's rows live in its own file, and
 * each file is exported here under the feature's name (`session.getSession`, …).
 */

import { accountDeletionEndpoints } from './account-deletion.ts';
import { accountsEndpoints } from './accounts.ts';
import { adminEndpoints } from './admin.ts';
import { adminOrganizationsEndpoints } from './admin-organizations.ts';
import { auditEndpoints } from './audit.ts';
import { credentialsEndpoints } from './credentials.ts';
import { dataExportEndpoints } from './data-export.ts';
import { emailChangeEndpoints } from './email-change.ts';
import { emailOtpEndpoints } from './email-otp.ts';
import { emailVerificationEndpoints } from './email-verification.ts';
import { invitationsEndpoints } from './invitations.ts';
import { jwtEndpoints } from './jwt.ts';
import { magicLinkEndpoints } from './magic-link.ts';
import { membersEndpoints } from './members.ts';
import { metaEndpoints } from './meta.ts';
import { organizationEndpoints } from './organization.ts';
import { passkeyEndpoints } from './passkey.ts';
import { passwordResetEndpoints } from './password-reset.ts';
import { referenceEndpoints } from './reference.ts';
import { sessionEndpoints } from './session.ts';
import { socialEndpoints } from './social.ts';
import { teamsEndpoints } from './teams.ts';
import { twoFactorEndpoints } from './two-factor.ts';
import { undoChangeEndpoints } from './undo-change.ts';
import { userEndpoints } from './user.ts';
import { usernameEndpoints } from './username.ts';
import { webhooksEndpoints } from './webhooks.ts';

export * as accountDeletion from './account-deletion.ts';
export * as accounts from './accounts.ts';
export * as admin from './admin.ts';
export * as adminOrganizations from './admin-organizations.ts';
export * as audit from './audit.ts';
export * from './common.ts';
export * as credentials from './credentials.ts';
export * as dataExport from './data-export.ts';
export * as emailChange from './email-change.ts';
export * as emailOtp from './email-otp.ts';
export * as emailVerification from './email-verification.ts';
export * as invitations from './invitations.ts';
export * as jwt from './jwt.ts';
export * as magicLink from './magic-link.ts';
export * as members from './members.ts';
export * as meta from './meta.ts';
export * as organization from './organization.ts';
export * as passkey from './passkey.ts';
export * as passwordReset from './password-reset.ts';
export * as reference from './reference.ts';
export * as session from './session.ts';
export * as social from './social.ts';
export * as teams from './teams.ts';
export * as twoFactor from './two-factor.ts';
export * as undoChange from './undo-change.ts';
export * as user from './user.ts';
export * as username from './username.ts';
export * as webhooks from './webhooks.ts';

/** Every row, in the order of the reference. */
export const ENDPOINTS = [
  ...sessionEndpoints,
  ...credentialsEndpoints,
  ...usernameEndpoints,
  ...userEndpoints,
  ...dataExportEndpoints,
  ...accountsEndpoints,
  ...accountDeletionEndpoints,
  ...metaEndpoints,
  ...emailVerificationEndpoints,
  ...passwordResetEndpoints,
  ...emailChangeEndpoints,
  ...undoChangeEndpoints,
  ...socialEndpoints,
  ...jwtEndpoints,
  ...organizationEndpoints,
  ...membersEndpoints,
  ...invitationsEndpoints,
  ...teamsEndpoints,
  ...adminEndpoints,
  ...adminOrganizationsEndpoints,
  ...auditEndpoints,
  ...webhooksEndpoints,
  ...twoFactorEndpoints,
  ...passkeyEndpoints,
  ...magicLinkEndpoints,
  ...emailOtpEndpoints,
  ...referenceEndpoints,
] as const;
