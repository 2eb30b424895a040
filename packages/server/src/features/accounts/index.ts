export {
  type Account,
  CREDENTIAL_PROVIDER,
  deleteAccount,
  deleteAccountsOfUser,
  deleteProviderAccountsOfUser,
  findAccountByProvider,
  findAccountsOfUser,
  findCredentialAccount,
  findPasswordSignInCandidate,
  hasAccountOfProvider,
  holdCredential,
  insertAccount,
  type PasswordSignInCandidate,
  updateAccount,
} from './repo.ts';
export { accountEndpoints, accountToJson } from './routes.ts';
