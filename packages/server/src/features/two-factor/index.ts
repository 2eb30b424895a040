export { hasAuthenticator } from './factors.ts';
export { proveRecovery, type RecoveryProof, recoveryNeedsSecondFactor } from './recovery.ts';
export { deleteTwoFactorOfUser, findTwoFactorOfUser } from './repo.ts';
export { restoreTwoFactor } from './service.ts';
export { secondFactorCheck } from './sign-in-check.ts';

import { manageEndpoints } from './routes-manage.ts';
import { passkeyFactorEndpoints } from './routes-passkey.ts';
import { verifyEndpoints } from './routes-verify.ts';

export const twoFactorEndpoints = [...manageEndpoints, ...verifyEndpoints, ...passkeyFactorEndpoints];
