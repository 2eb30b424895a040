/**
 * The organization roles as the server reads them: the contract's table
 * (packages/contract/src/roles.ts), looked up by any role name a member row may hold.
 */
import { ORGANIZATION_ROLES, type RoleStatements } from '@latch/contract';

export type Statements = RoleStatements;

export const ROLES: Readonly<Record<string, Statements>> = ORGANIZATION_ROLES;
