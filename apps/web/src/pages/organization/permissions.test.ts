import { describe, expect, it } from 'vitest';
import { ROLES as SERVER_ROLES } from '../../../../../packages/server/src/features/access-control/statements.ts';
import {
  abilitiesOf,
  canChangeRole,
  canLeave,
  canRemoveMember,
  hasPermission,
  primaryRole,
  ROLES,
  STATEMENTS,
} from './permissions.ts';

describe('organization permissions (the web copy of seed-spec §6)', () => {
  it('is the very table the server checks against', () => {
    expect(ROLES).toEqual(SERVER_ROLES);
  });

  const table: [Record<string, string[]>, boolean, boolean, boolean][] = [
    [{ organization: ['update'] }, true, true, false],
    [{ organization: ['delete'] }, true, false, false],
    [{ member: ['create', 'update', 'delete'] }, true, true, false],
    [{ invitation: ['create', 'cancel'] }, true, true, false],
    [{ team: ['create', 'update', 'delete'] }, true, true, false],
    [{ ac: ['read'] }, true, true, true],
  ];
  it.each(table)('%j: owner %s, admin %s, member %s', (request, owner, admin, member) => {
    expect(hasPermission('owner', request)).toBe(owner);
    expect(hasPermission('admin', request)).toBe(admin);
    expect(hasPermission('member', request)).toBe(member);
  });

  it('passes when any one of several comma-joined roles grants every action', () => {
    expect(hasPermission('member, admin', { member: ['delete'] })).toBe(true);
    expect(hasPermission('member,admin', { organization: ['delete'] })).toBe(false);
    expect(hasPermission('admin', { organization: ['update', 'delete'] })).toBe(false);
    expect(hasPermission('emperor', { organization: ['update'] })).toBe(false);
    expect(hasPermission('owner', {})).toBe(false);
    expect(primaryRole('member,admin')).toBe('admin');
    // better-auth's resources, whatever Latch adds beside them
    expect(Object.keys(STATEMENTS)).toEqual(
      expect.arrayContaining(['organization', 'member', 'invitation', 'team', 'ac']),
    );
  });

  it('turns a role into what the screens show', () => {
    const owner = abilitiesOf('owner');
    const admin = abilitiesOf('admin');
    const member = abilitiesOf('member');
    expect(owner.deleteOrganization).toBe(true);
    expect(admin.deleteOrganization).toBe(false);
    expect(admin.updateOrganization).toBe(true);
    expect([member.updateOrganization, member.invite, member.cancelInvitation, member.createTeam]).toEqual([
      false,
      false,
      false,
      false,
    ]);
    // only owners hand out the owner role
    expect(owner.assignableRoles).toEqual(['owner', 'admin', 'member']);
    expect(admin.assignableRoles).toEqual(['admin', 'member']);
    expect(member.assignableRoles).toEqual([]);
  });

  it('applies the creator-role rules: only owners touch owners, the last owner stays', () => {
    const owner = { id: 'm1', role: 'owner' };
    const admin = { id: 'm2', role: 'admin' };
    const member = { id: 'm3', role: 'member' };
    const members = [owner, admin, member];
    expect(canRemoveMember(owner, member, members)).toBe(true);
    expect(canRemoveMember(owner, admin, members)).toBe(true);
    expect(canRemoveMember(admin, member, members)).toBe(true);
    expect(canRemoveMember(admin, owner, members)).toBe(false);
    expect(canRemoveMember(member, admin, members)).toBe(false);
    expect(canRemoveMember(owner, owner, members)).toBe(false);
    expect(canChangeRole(admin, owner)).toBe(false);
    expect(canChangeRole(admin, member)).toBe(true);
    expect(canChangeRole(member, admin)).toBe(false);
    const secondOwner = { id: 'm4', role: 'owner' };
    expect(canRemoveMember(owner, secondOwner, [...members, secondOwner])).toBe(true);
    expect(canLeave(owner, members)).toBe(false);
    expect(canLeave(owner, [...members, secondOwner])).toBe(true);
    expect(canLeave(member, members)).toBe(true);
  });
});
