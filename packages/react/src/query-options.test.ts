import { LatchError } from '@latch/client';
import { describe, expect, it } from 'vitest';
import { authMutationOptions, authQueryOptions, latchKeys, toLatchError } from './query-options.ts';

const startsWith = (key: readonly unknown[], prefix: readonly unknown[]) =>
  prefix.every((part, index) => Object.is(key[index], part));

describe('query keys', () => {
  it('an invalidation of a team list reaches that team’s members, and anyOrganization reaches every organization query', () => {
    const teamMembers = latchKeys.teamMembers('t1', 'o1');
    expect(startsWith(teamMembers, latchKeys.teams('o1'))).toBe(true);
    expect(startsWith(teamMembers, latchKeys.teams('o2'))).toBe(false);
    for (const key of [
      latchKeys.organization('o1'),
      latchKeys.members({ organizationId: 'o1' }),
      latchKeys.invitations('o1'),
      latchKeys.activeMember(),
      teamMembers,
    ]) {
      expect(startsWith(key, latchKeys.anyOrganization())).toBe(true);
    }
    // the list of organizations and an invitation read by its recipient are not one organization's data
    expect(startsWith(latchKeys.organizations(), latchKeys.anyOrganization())).toBe(false);
    expect(startsWith(latchKeys.invitation('i1'), latchKeys.anyOrganization())).toBe(false);
  });
});

describe('any { data, error } result through the factories', () => {
  it('a looser error (no statusText, null message) becomes a LatchError with its status, code and other fields', () => {
    // a body field beyond the four arrives as part of the value, not as an excess property
    const body = { status: 403, code: 'NOT_ALLOWED_WHILE_IMPERSONATING', message: null, retryAfter: 3 };
    const error = toLatchError(body);
    expect(error).toBeInstanceOf(LatchError);
    expect(error.status).toBe(403);
    expect(error.code).toBe('NOT_ALLOWED_WHILE_IMPERSONATING');
    expect(error.statusText).toBe('');
    expect(error.error.retryAfter).toBe(3);
  });

  it('a network failure keeps its "Fetch Error" mark, which the app reads to say the service is out of reach', () => {
    const error = toLatchError({ status: 500, statusText: 'Fetch Error' });
    expect(error.statusText).toBe('Fetch Error');
    expect(error.message).toBe('Fetch Error');
    expect(error.code).toBeUndefined();
  });

  it('queries and mutations answer the data, or throw the error', async () => {
    const ok = authQueryOptions(['k'] as const, async () => ({ data: [1, 2], error: null }));
    await expect(ok.queryFn()).resolves.toEqual([1, 2]);
    const refused = authMutationOptions(async (email: string) => ({
      data: null,
      error: { status: 400, code: 'INVALID_EMAIL', message: `bad ${email}` },
    }));
    await expect(refused.mutationFn('x')).rejects.toMatchObject({
      status: 400,
      code: 'INVALID_EMAIL',
      message: 'bad x',
    });
  });
});
