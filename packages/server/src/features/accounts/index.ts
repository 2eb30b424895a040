export {
  type Account,
  type PasswordSignInCandidate,
  CREDENTIAL_PROVIDER,
  deleteAccount,
  deleteAccountsOfUser,
  deleteProviderAccountsOfUser,
  findAccountByProvider,
  findAccountsOfUser,
  findCredentialAccount,
  findPasswordSignInCandidate,
  hasAccountOfProvider,
  insertAccount,
  updateAccount,
} from './repo.ts';
export { accountEndpoints, accountToJson } from './routes.ts';
