/** The user as the service works with it, and its JSON form (CONTRACT §4 "User JSON"). */
import type { UserJson } from '@latch/contract';
import type { Selectable } from 'kysely';
import type { UserTable } from '../../core/db/schema.ts';
import { toBool, toDate, toDateOrNull } from '../../core/db/values.ts';

export interface User {
  id: string;
  name: string;
  email: string;
  emailVerified: boolean;
  image: string | null;
  createdAt: Date;
  updatedAt: Date;
  username: string | null;
  displayUsername: string | null;
  language: number | null;
  role: string | null;
  banned: boolean;
  banReason: string | null;
  banExpires: Date | null;
  twoFactorEnabled: boolean;
}

export function userFromRow(row: Selectable<UserTable>): User {
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    emailVerified: toBool(row.emailVerified),
    image: row.image,
    createdAt: toDate(row.createdAt),
    updatedAt: toDate(row.updatedAt),
    username: row.username,
    displayUsername: row.displayUsername,
    language: row.language === null ? null : Number(row.language),
    role: row.role,
    banned: toBool(row.banned),
    banReason: row.banReason,
    banExpires: toDateOrNull(row.banExpires),
    twoFactorEnabled: toBool(row.twoFactorEnabled),
  };
}

export function userToJson(user: User): UserJson {
  return {
    id: user.id,
    name: user.name,
    email: user.email,
    emailVerified: user.emailVerified,
    image: user.image,
    createdAt: user.createdAt.toISOString(),
    updatedAt: user.updatedAt.toISOString(),
    username: user.username,
    displayUsername: user.displayUsername,
    language: user.language,
    role: user.role,
    banned: user.banned,
    banReason: user.banReason,
    banExpires: user.banExpires ? user.banExpires.toISOString() : null,
    twoFactorEnabled: user.twoFactorEnabled,
  };
}
