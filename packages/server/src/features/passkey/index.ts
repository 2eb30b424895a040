/** What other features may use of passkeys (docs/architecture.md: only through this file). */
export { deletePasskeyOfUser, deletePasskeysOfUser } from './repo.ts';
export { passkeyEndpoints } from './routes.ts';
export { listPasskeys } from './service.ts';
export { checkSecondFactor, hasPasskey, startSecondFactor } from './sign-in.ts';
