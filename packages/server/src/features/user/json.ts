/** Reading a user back from its JSON form (the session-data cookie). */
import type { UserJson } from '@latch/contract';
import type { User } from './model.ts';

export function userFromJson(json: UserJson): User {
  return {
    ...json,
    createdAt: new Date(json.createdAt),
    updatedAt: new Date(json.updatedAt),
    banExpires: json.banExpires ? new Date(json.banExpires) : null,
  };
}
