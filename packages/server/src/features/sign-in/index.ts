export { accountLimitCheck, banCheck } from './checks.ts';
export type {
  ChallengeAnswer,
  CheckOutcome,
  GrantResult,
  SignInAttempt,
  SignInCheck,
  SignInMethod,
} from './model.ts';
export { SIGN_IN_METHODS } from './model.ts';
export { bindSignInChecks, boundSignInChecks, grantSession, replaceCurrentSession } from './pipeline.ts';
