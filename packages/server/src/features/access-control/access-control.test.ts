import { describe, expect, it } from 'vitest';
import { authorize, hasPermission, joinRoles, parseRoleList, unknownRoles } from './index.ts';

describe('organization access control', () => {
  const table: [Record<string, string[]>, boolean, boolean, boolean][] = [
    [{ organization: ['update'] }, true, true, false],
    [{ organization: ['delete'] }, true, false, false],
    [{ member: ['create', 'update', 'delete'] }, true, true, false],
    [{ invitation: ['create', 'cancel'] }, true, true, false],
    [{ team: ['create', 'update', 'delete'] }, true, true, false],
    [{ ac: ['read'] }, true, true, true],
    [{ ac: ['create'] }, true, true, false],
    // Latch's own resource: an organization's audit events
    [{ auditLog: ['read'] }, true, true, false],
  ];
  it.each(table)('%j: owner %s, admin %s, member %s', (request, owner, admin, member) => {
    expect(hasPermission('owner', request)).toBe(owner);
    expect(hasPermission('admin', request)).toBe(admin);
    expect(hasPermission('member', request)).toBe(member);
  });

  it('passes when any one of several roles authorizes', () => {
    expect(hasPermission('member,admin', { member: ['delete'] })).toBe(true);
    expect(hasPermission(['member', ' owner'], { organization: ['delete'] })).toBe(true);
    expect(hasPermission('member,admin', { organization: ['delete'] })).toBe(false);
  });

  it('needs every action of every resource', () => {
    expect(hasPermission('admin', { organization: ['update', 'delete'] })).toBe(false);
    expect(hasPermission('admin', { organization: ['update'], member: ['delete'] })).toBe(true);
    expect(hasPermission('owner', { member: [] })).toBe(false);
  });

  it('answers the spec refusal messages', () => {
    expect(authorize('owner', { billing: ['read'] })).toEqual({
      success: false,
      error: 'You are not allowed to access resource: billing',
    });
    expect(authorize('member', { team: ['create'] })).toEqual({
      success: false,
      error: 'unauthorized to access resource team',
    });
    expect(authorize('emperor', { team: ['create'] })).toEqual({ success: false, error: 'Not authorized' });
    expect(authorize('owner', {})).toEqual({ success: false, error: 'Not authorized' });
  });

  it('normalises role lists', () => {
    expect(parseRoleList(' admin , member,,')).toEqual(['admin', 'member']);
    expect(joinRoles(['admin', 'member', 'admin'])).toBe('admin,member');
    expect(unknownRoles('admin,emperor')).toEqual(['emperor']);
    expect(hasPermission('__proto__', { member: ['delete'] })).toBe(false);
  });
});
