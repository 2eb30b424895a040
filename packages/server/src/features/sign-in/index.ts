export { accountLimitCheck, banCheck } from './checks.ts';
export type { SignInCheck, SignInMethod } from './model.ts';
export { bindSignInChecks, grantSession, replaceCurrentSession } from './pipeline.ts';
