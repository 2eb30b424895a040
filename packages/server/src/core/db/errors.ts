/** Recognises a unique-constraint violation on any of the three dialects. */
export function isUniqueViolation(err: unknown): boolean {
  if (!err || typeof err !== 'object') return false;
  const e = err as { code?: unknown; errno?: unknown; message?: unknown };
  // Postgres 23505, MySQL/MariaDB ER_DUP_ENTRY 1062, SQLite SQLITE_CONSTRAINT_UNIQUE / PRIMARYKEY
  if (e.code === '23505' || e.code === 'ER_DUP_ENTRY' || e.errno === 1062) return true;
  if (e.code === 'SQLITE_CONSTRAINT_UNIQUE' || e.code === 'SQLITE_CONSTRAINT_PRIMARYKEY') return true;
  return false;
}
