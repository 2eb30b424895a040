/**
 * Whether the signed-in person may use the console, as the server says (POST /admin/has-permission,
 * once per person). Apart from access.tsx so that the header's entry (admin-link.tsx) needs nothing
 * of the console's pages.
 */
import { useQuery } from '@tanstack/react-query';
import { authErrorOf } from '../../lib/query.ts';
import { useSession } from '../../lib/session.ts';
import type { AuthError } from '../../lib/wire-types.ts';
import { accessQuery } from './queries.ts';

export interface AdminAccess {
  /** True once the server said this person may use the console. */
  allowed: boolean;
  isPending: boolean;
  error: AuthError | null;
  retry: () => void;
}

export function useAdminAccess(): AdminAccess {
  const session = useSession();
  const userId = session.data?.user.id ?? null;
  const query = useQuery(accessQuery(userId));
  return {
    allowed: userId !== null && query.data === true,
    isPending: session.isPending || (userId !== null && query.isPending),
    error: authErrorOf(query.error),
    retry: () => void query.refetch(),
  };
}
