/**
 * Who started the impersonation, as this browser remembers it. While an admin acts as someone the
 * session is that person's: it names the admin only by id (`impersonatedBy`), and the admin API is
 * closed to it. So the console notes the admin's own name when the impersonation starts, and the
 * banner shows it when the ids agree (the id otherwise). It is the admin's own name, on the admin's
 * own device, and goes when the impersonation stops.
 */
const STORAGE_KEY = 'latch.impersonator';

export interface Impersonator {
  id: string;
  name: string;
  email: string;
}

function isImpersonator(value: unknown): value is Impersonator {
  if (typeof value !== 'object' || value === null) return false;
  const record = value as Record<string, unknown>;
  return typeof record.id === 'string' && typeof record.name === 'string' && typeof record.email === 'string';
}

export function rememberImpersonator(admin: Impersonator): void {
  try {
    localStorage.setItem(STORAGE_KEY, JSON.stringify(admin));
  } catch {
    // storage off: the banner names the admin by id
  }
}

export function forgetImpersonator(): void {
  try {
    localStorage.removeItem(STORAGE_KEY);
  } catch {
    // nothing was kept
  }
}

/** The admin behind `impersonatedBy`, when this browser started that impersonation. */
export function recallImpersonator(adminId: string): Impersonator | null {
  try {
    const stored: unknown = JSON.parse(localStorage.getItem(STORAGE_KEY) ?? 'null');
    return isImpersonator(stored) && stored.id === adminId ? stored : null;
  } catch {
    return null;
  }
}
