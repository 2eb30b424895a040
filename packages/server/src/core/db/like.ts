/**
 * A LIKE pattern whose `value` is taken literally (its `%`, `_` and `!` escaped), between the
 * wildcards `before` and `after`, with `escape '!'`: a backslash means different things in
 * SQLite, MySQL and PostgreSQL literals, so `!` is the escape character on all three.
 */
import { type RawBuilder, sql } from 'kysely';

export function likePattern(before: '' | '%', value: string, after: '' | '%'): RawBuilder<string> {
  return sql<string>`${`${before}${value.replace(/[!%_]/g, (c) => `!${c}`)}${after}`} escape '!'`;
}
