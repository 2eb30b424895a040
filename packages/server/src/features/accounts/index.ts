export {
  type Account,
  CREDENTIAL_PROVIDER,
  deleteAccount,
  findAccountByProvider,
  findAccountsOfUser,
  findCredentialAccount,
  insertAccount,
  updateAccount,
} from './repo.ts';
export { accountEndpoints, accountToJson } from './routes.ts';
