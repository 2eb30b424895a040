export {
  type Account,
  CREDENTIAL_PROVIDER,
  deleteAccount,
  deleteAccountsOfUser,
  deleteProviderAccountsOfUser,
  findAccountByProvider,
  findAccountsOfUser,
  findCredentialAccount,
  insertAccount,
  updateAccount,
} from './repo.ts';
export { accountEndpoints, accountToJson } from './routes.ts';
