/**
 * A form is checked with the schema its request will meet on the server: the body schema of the
 * endpoint row it is sent to (packages/contract), before sending. Each problem is said at its field,
 * in the page's language, with the contract's own limits ("Use at most 512 characters."), so the
 * web app holds no copy of a limit the server decides. What the schema cannot say (a slug's shape,
 * a password's strength, a username taken) the page checks beside it (lib/validation.ts).
 */
import { format, type Messages } from '../i18n/messages.ts';
import type { FieldErrors } from './validation.ts';

/** One problem a schema found: which field (`path`), what kind (`code`), and the bound it broke. */
interface Issue {
  readonly code: string;
  readonly path: readonly PropertyKey[];
  readonly minimum?: unknown;
  readonly maximum?: unknown;
}

/** What a row's body schema (or a field's) offers: zod's `safeParse`, without the app importing zod. */
export interface Schema {
  safeParse(value: unknown): { success: true } | { success: false; error: { issues: readonly Issue[] } };
}

/** The words of one field: when it is empty (or too short), and when its value has the wrong shape. */
export interface FieldWords {
  required: string;
  invalid?: string;
}

function describe(issue: Issue, words: FieldWords, t: Messages): string {
  if (issue.code === 'too_big' && typeof issue.maximum === 'number') {
    return format(t.validation.nameTooLong, { max: issue.maximum });
  }
  if (issue.code === 'too_small' && typeof issue.minimum === 'number' && issue.minimum > 1) {
    return format(t.validation.passwordTooShort, { min: issue.minimum });
  }
  if (issue.code === 'too_small') return words.required;
  return words.invalid ?? words.required;
}

/**
 * The problems of `body` under `schema`, one per field named in `words` (the innermost name of an
 * issue's path: `data.name` is `name`); problems of fields the form does not show are left out,
 * and the server's answer says them.
 */
export function checkBody<K extends string>(
  schema: Schema,
  body: unknown,
  words: Record<K, FieldWords>,
  t: Messages,
): FieldErrors<K> {
  const result = schema.safeParse(body);
  if (result.success) return {};
  const errors: FieldErrors<K> = {};
  for (const issue of result.error.issues) {
    const field = [...issue.path]
      .reverse()
      .find((segment): segment is K => typeof segment === 'string' && Object.hasOwn(words, segment));
    if (field === undefined || errors[field] !== undefined) continue;
    errors[field] = describe(issue, words[field], t);
  }
  return errors;
}

/** The problem of one value under a field's schema (the contract's `emailField`, say), if any. */
export function checkField(schema: Schema, value: unknown, words: FieldWords, t: Messages): string | undefined {
  const result = schema.safeParse(value);
  if (result.success) return undefined;
  const [issue] = result.error.issues;
  return issue ? describe(issue, words, t) : words.invalid;
}

/** A string field's upper bound in the contract (for an input's `maxLength`, or a slug cut to fit). */
export function maxLengthOf(field: { readonly maxLength: number | null }): number {
  if (field.maxLength === null) throw new Error('the contract sets no upper bound on this field');
  return field.maxLength;
}
