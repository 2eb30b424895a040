export { userFromJson } from './json.ts';
export {
  listUsersPage,
  type UserCondition,
  type UserListPage,
  type UserListQuery,
} from './list.ts';
export { type User, userFromRow, userToJson } from './model.ts';
export {
  deleteUserRow,
  findUserByEmail,
  findUserById,
  findUserByUsername,
  findUserNamesByIds,
  insertUser,
  lockUser,
  updateUserIfEmail,
  updateUserRow,
} from './repo.ts';
export { userEndpoints } from './routes.ts';
