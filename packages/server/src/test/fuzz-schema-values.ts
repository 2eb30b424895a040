/**
 * Values that follow an endpoint's zod schema, closely enough to get past it now and then
 * (security/fuzz-*.test.ts), so that handlers are reached as well as checks.
 */
import fc from 'fast-check';
import type { Endpoint } from '../core/http/endpoint.ts';
import { anyRef, nastyKey, nastyNumber, nastyString, nastyValue, pollution, ref } from './fuzz-values.ts';
import { PASSWORD } from './harness.ts';

export interface ZodCheck {
  _zod: { def: { check: string; format?: string } };
}
export interface ZodDef {
  type: string;
  innerType?: ZodLike;
  in?: ZodLike;
  shape?: Record<string, ZodLike>;
  element?: ZodLike;
  options?: readonly ZodLike[];
  entries?: Record<string, string | number>;
  values?: readonly unknown[];
  keyType?: ZodLike;
  valueType?: ZodLike;
  items?: readonly ZodLike[];
  getter?: () => ZodLike;
  format?: string;
  checks?: readonly ZodCheck[];
}
export interface ZodLike {
  _zod: { def: ZodDef };
}

export const asZod = (schema: unknown): ZodLike | null =>
  schema && typeof schema === 'object' && '_zod' in schema ? (schema as ZodLike) : null;

export function isOptional(schema: ZodLike): boolean {
  const t = schema._zod.def.type;
  return t === 'optional' || t === 'default' || t === 'prefault';
}

/** The object schema at the heart of `schema` (through optional, pipe, default …), if any. */
export function objectShape(schema: ZodLike | null, depth = 0): Record<string, ZodLike> | null {
  if (!schema || depth > 10) return null;
  const def = schema._zod.def;
  if (def.type === 'object' && def.shape) return def.shape;
  const inner = def.innerType ?? def.in ?? def.getter?.();
  if (inner) return objectShape(inner, depth + 1);
  if (def.type === 'union' || def.type === 'intersection') {
    for (const option of def.options ?? []) {
      const shape = objectShape(option, depth + 1);
      if (shape) return shape;
    }
  }
  return null;
}

export const emails = fc.oneof(
  ref('email'),
  fc.nat({ max: 1_000_000 }).map((n) => `fuzz-${n}@example.test`),
  fc.constantFrom('Fuzz.Person@Example.Test', 'a+tag@example.test', 'ü@例え.jp', 'x@localhost', 'not-an-email'),
);
export const passwords = fc.oneof(
  { arbitrary: fc.constant(PASSWORD), weight: 4 },
  { arbitrary: fc.constantFrom('password', 'short', 'Fuzzing-Is-Fun-42', 'ÄÖÜ-pässwörd-🔐-1234'), weight: 2 },
  { arbitrary: fc.string({ minLength: 8, maxLength: 140 }), weight: 1 },
);
export const urls = fc.constantFrom(
  '/',
  '/dashboard',
  'http://localhost:3000/after',
  '/done?x=1',
  'https://evil.example/',
  '//evil.example',
  'javascript:alert(1)',
  '/\\evil.example',
  'http://localhost:3000/caf%C3%A9/ü',
);

/** A plausible string for a field of this name. */
export function stringFor(field: string): fc.Arbitrary<string> {
  const f = field.toLowerCase();
  let plausible: fc.Arbitrary<string>;
  if (f.includes('email')) plausible = emails;
  else if (f.includes('password')) plausible = passwords;
  else if (f.includes('url') || f.includes('uri') || f === 'image' || f === 'logo') plausible = urls;
  else if (f === 'organizationid') plausible = ref('orgId');
  else if (f === 'organizationslug' || f === 'slug')
    plausible = fc.oneof(
      ref('orgSlug'),
      fc.nat().map((n) => `fuzz-slug-${n}`),
    );
  else if (f === 'userid') plausible = ref('userId');
  else if (f === 'memberid' || f === 'memberidorEmail'.toLowerCase())
    plausible = fc.oneof(ref('memberId'), ref('email'));
  else if (f === 'teamid') plausible = ref('teamId');
  else if (f === 'invitationid') plausible = ref('invitationId');
  else if (f.includes('token')) plausible = fc.oneof(ref('sessionToken'), ref('mailToken'));
  else if (f === 'code') plausible = fc.oneof(ref('totp'), ref('backupCode'), fc.stringMatching(/^\d{6}$/));
  else if (f === 'role') plausible = fc.constantFrom('owner', 'admin', 'member', 'user', 'admin,member', 'nonexistent');
  else if (f.includes('provider')) plausible = fc.constantFrom('github', 'credential', 'google', 'nope');
  else if (f.includes('username'))
    plausible = fc.oneof(
      ref('username'),
      fc.nat().map((n) => `fuzz_user_${n}`),
    );
  else if (f.endsWith('id')) plausible = anyRef;
  else if (f === 'name') plausible = fc.oneof(fc.constant('Fuzz Name'), fc.string({ minLength: 1, maxLength: 30 }));
  else plausible = fc.oneof(fc.string({ maxLength: 20 }), anyRef);
  return fc.oneof({ arbitrary: plausible, weight: 8 }, { arbitrary: nastyString, weight: 1 });
}

export function valueFor(schema: ZodLike | undefined, field: string, depth = 0): fc.Arbitrary<unknown> {
  if (!schema || depth > 6) return nastyValue;
  const def = schema._zod.def;
  switch (def.type) {
    case 'optional':
    case 'default':
    case 'prefault':
    case 'catch':
    case 'readonly':
    case 'nonoptional':
      return valueFor(def.innerType, field, depth + 1);
    case 'nullable':
      return fc.oneof({ arbitrary: valueFor(def.innerType, field, depth + 1), weight: 4 }, fc.constant(null));
    case 'pipe':
      return valueFor(def.in, field, depth + 1);
    case 'lazy':
      return valueFor(def.getter?.(), field, depth + 1);
    case 'string':
      return stringFor(field);
    case 'number':
    case 'int':
      return fc.oneof({ arbitrary: fc.integer({ min: -2, max: 1000 }), weight: 3 }, nastyNumber);
    case 'boolean':
      return fc.boolean();
    case 'enum':
      return fc.constantFrom(...Object.values(def.entries ?? { x: 'x' }));
    case 'literal':
      return fc.constantFrom(...(def.values ?? [null]));
    case 'array':
      return fc.array(valueFor(def.element, field, depth + 1), { maxLength: 4 });
    case 'tuple':
      return fc.tuple(...(def.items ?? []).map((item) => valueFor(item, field, depth + 1)));
    case 'union':
      return fc.oneof(...(def.options ?? []).map((o) => valueFor(o, field, depth + 1)));
    case 'record':
      return fc.dictionary(
        fc.oneof(fc.string({ maxLength: 12 }), fc.constantFrom('organization', 'member', 'invitation', 'team', 'user')),
        valueFor(def.valueType, field, depth + 1),
        { maxKeys: 4 },
      );
    case 'object':
      return objectFor(schema, depth + 1);
    default:
      return nastyValue;
  }
}

/** An object with the schema's keys (required ones always, optional ones sometimes). */
export function objectFor(schema: ZodLike | null, depth = 0): fc.Arbitrary<Record<string, unknown>> {
  const shape = objectShape(schema) ?? {};
  const model: Record<string, fc.Arbitrary<unknown>> = {};
  const required: string[] = [];
  for (const [key, field] of Object.entries(shape)) {
    model[key] = valueFor(field, key, depth);
    if (!isOptional(field)) required.push(key);
  }
  return fc.record(model, { requiredKeys: required });
}

/** A schema-shaped body, then broken a little: a field of the wrong type, extra or polluting keys. */
export function bodyValueFor(endpoint: Endpoint): fc.Arbitrary<unknown> {
  const schema = asZod(endpoint.body);
  const keys = Object.keys(objectShape(schema) ?? {});
  const key = keys.length ? fc.oneof(fc.constantFrom(...keys), nastyKey) : nastyKey;
  const shaped = fc
    .tuple(objectFor(schema), fc.array(fc.tuple(key, nastyValue), { minLength: 1, maxLength: 3 }), fc.nat({ max: 3 }))
    .map(([body, extra, breakIt]) => {
      if (breakIt > 0) return body;
      const out: Record<string, unknown> = { ...body };
      for (const [k, v] of extra)
        Object.defineProperty(out, k, { value: v, enumerable: true, writable: true, configurable: true });
      return out;
    });
  return fc.oneof(
    { arbitrary: shaped, weight: 6 },
    { arbitrary: nastyValue, weight: 2 },
    { arbitrary: pollution, weight: 1 },
  );
}
