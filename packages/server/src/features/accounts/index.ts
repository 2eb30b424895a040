export {
  type Account,
  CREDENTIAL_PROVIDER,
  deleteAccount,
  deleteAccountsOfUser,
  deleteProviderAccountsOfUser,
  findAccountByProvider,
  findAccountsOfUser,
  findCredentialAccount,
  hasAccountOfProvider,
  insertAccount,
  updateAccount,
} from './repo.ts';
export { accountEndpoints, accountToJson } from './routes.ts';
