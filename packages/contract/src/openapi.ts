/**
 * The OpenAPI 3.1 document of one Latch instance, generated from the endpoint table
 * (ENDPOINTS): every row the instance serves (no server-only rows, none of a plugin that
 * is off), its parameters, bodies, answers, refusal codes and session requirement. The
 * server answers it at GET /api/auth/openapi.json and renders it at GET /api/auth/reference
 * (docs/api-reference.md).
 *
 * Schemas come from zod's own converter: bodies and queries as the client sends them
 * (`io: 'input'`, before transforms and defaults), answers as the server writes them
 * (`io: 'output'`). Schemas named with `.meta({ id })` become components.
 */
import { z } from 'zod';
import { type EndpointEntry, type PluginName, type SessionRequirement, TRANSPORT_ERRORS } from './endpoint.ts';
import * as tables from './endpoints/index.ts';
import { ENDPOINTS } from './endpoints/index.ts';
import { ERRORS, type ErrorCode } from './errors.ts';

export interface OpenApiOptions {
  /** The origin the instance answers at (its BASE_URL), e.g. `https://auth.example.com`. */
  baseURL: string;
  title: string;
  version: string;
  /** The features this instance has switched on; a missing one is off. */
  plugins: Readonly<Partial<Record<PluginName, boolean>>>;
  /** Where the endpoints are mounted below baseURL; `/api/auth` by default. */
  basePath?: string;
  /** The session cookie's name (its prefix is configurable; `__Secure-` on https); `latch.session_token` by default. */
  sessionCookie?: string;
  /** Markdown shown above the operations; a short description of the API by default. */
  description?: string;
}

/** A JSON Schema or an OpenAPI object, as plain data. */
type Json = Record<string, unknown>;

/** Whether an instance with these plugins answers this row over HTTP. */
function isServed(entry: EndpointEntry, plugins: OpenApiOptions['plugins']): boolean {
  if (entry.serverOnly) return false;
  return entry.plugin === undefined || plugins[entry.plugin] === true;
}

/** What each group of the reference is about; a tag not listed here gets a plain line. */
const TAG_DESCRIPTIONS: Readonly<Record<string, string>> = {
  Sessions: 'Read the current session, list the sessions of the signed-in user and end them.',
  'Email and password': 'Sign up and sign in with an email address and a password; change or check the password.',
  Username: 'Sign in with a username instead of the email address, and check whether a username is free.',
  User: 'Read and change the signed-in user.',
  Accounts: 'The ways into an account (password, social providers) and unlinking them.',
  'Account deletion': 'Delete the account, confirmed by password, a fresh session or a mailed link.',
  Meta: 'Whether the service is up, and the page failed redirect flows land on.',
  'Email verification': 'Send the verification mail and follow its link.',
  'Password reset': 'Ask for a reset link by mail and set a new password with its token.',
  'Email change': 'Move the account to another address, approved from the current one first.',
  'Security notices': 'Undo a change to a way in from the link mailed about it; ends every session.',
  Social: 'Sign in with, and link, an OAuth or OpenID Connect provider.',
  'Provider tokens': "The linked providers' access tokens and account information.",
  JWT: 'A JSON Web Token for the session, and the public keys that check it (JWKS).',
  Organizations: 'Organizations, their members, invitations and teams.',
  Admin: 'User management for administrators: create, ban, impersonate, set roles and passwords.',
  'Audit log':
    "Security events: the whole log for administrators, an organization's own for its owners and admins; exports and the hash chains' verification.",
  'Two-factor': 'Time-based one-time passwords, emailed codes and backup codes as a second factor.',
  'Magic link': 'Sign in with a single-use link mailed to the address (off unless plugins.magicLink is set).',
  'Email OTP':
    'Sign in, verify the address or reset the password with a one-time code sent by mail (off unless plugins.emailOTP is set).',
  Reference: 'This document and the page that renders it.',
};

const DEFAULT_DESCRIPTION = [
  'The HTTP API of Latch, a self-hosted authentication service wire-compatible with the better-auth client.',
  '',
  'Bodies are JSON objects (a few endpoints also take a form). A refused request answers',
  '`{ "code": "…", "message": "…" }` with the status of its code; every operation lists the codes',
  'it may answer. The session travels in a signed, HttpOnly cookie set by the sign-in endpoints;',
  'state-changing requests must come from a trusted origin (the `Origin` header is checked).',
].join('\n');

const SESSION_SCHEME = 'session';

const SESSION_NOTES: Record<SessionRequirement, string> = {
  none: '',
  optional: 'A session is read when the cookie is present; the answer changes with it.',
  session: 'Needs a signed-in session.',
  sensitive: 'Needs a signed-in session, re-read from the database (a cached session cookie is not enough).',
  fresh: 'Needs a fresh session: signed in recently (`session.freshAge`).',
  recent: 'Adds a way into the account: needs a sign-in within `session.reauthenticationAge`, or the password again.',
};

/** The transport's codes an operation of this shape can answer, besides its row's (see the router). */
function transportCodes(entry: EndpointEntry): ErrorCode[] {
  const codes: ErrorCode[] = ['TOO_MANY_REQUESTS'];
  if (entry.body || entry.query) codes.push('VALIDATION_ERROR');
  if (entry.method === 'POST') {
    codes.push('BAD_REQUEST', 'BODY_MUST_BE_AN_OBJECT', 'UNSUPPORTED_MEDIA_TYPE', 'PAYLOAD_TOO_LARGE');
    codes.push('INVALID_ORIGIN', 'MISSING_OR_NULL_ORIGIN');
    if (entry.formCsrf) codes.push('CROSS_SITE_NAVIGATION_LOGIN_BLOCKED');
  }
  const known: ReadonlySet<string> = new Set(TRANSPORT_ERRORS);
  return codes.filter((code) => known.has(code));
}

/** `/organization/:id/members` → `/organization/{id}/members`, and the parameter names. */
function openApiPath(path: string): { path: string; params: string[] } {
  const params: string[] = [];
  const converted = path
    .split('/')
    .map((segment) => {
      if (!segment.startsWith(':')) return segment;
      params.push(segment.slice(1));
      return `{${segment.slice(1)}}`;
    })
    .join('/');
  return { path: converted, params };
}

function isNever(schema: z.ZodType): boolean {
  return schema._zod.def.type === 'never';
}

function isObject(value: unknown): value is Json {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** A copy of `value` with every `$ref` of zod's `#/$defs/<name>` pointed at its component. */
function pointRefs(value: unknown, names: ReadonlyMap<string, string>): unknown {
  if (Array.isArray(value)) return value.map((item) => pointRefs(item, names));
  if (!isObject(value)) return value;
  const out: Json = {};
  for (const [key, item] of Object.entries(value)) {
    if (key === '$ref' && typeof item === 'string' && item.startsWith('#/$defs/')) {
      const name = names.get(item.slice('#/$defs/'.length)) ?? item.slice('#/$defs/'.length);
      out[key] = `#/components/schemas/${name}`;
    } else out[key] = pointRefs(item, names);
  }
  return out;
}

/**
 * Converts zod schemas to JSON Schema and gathers the named ones as components. A name
 * keeps one meaning: where the input form of a named schema differs from its output form
 * (a transform, a default, objects that tolerate unknown keys on input), the input one is
 * `<Name>Input`. Answers are converted first, so the plain names are the answers' shapes.
 */
class SchemaComponents {
  readonly schemas: Record<string, Json> = {};
  private unnamed = 0;

  constructor(reserved: Record<string, Json>) {
    Object.assign(this.schemas, reserved);
  }

  convert(schema: z.ZodType, io: 'input' | 'output'): Json {
    const converted = z.toJSONSchema(schema, { io, unrepresentable: 'any', target: 'draft-2020-12' }) as Json;
    const { $defs, $schema: _dialect, ...root } = converted;
    const defs: Record<string, unknown> = isObject($defs) ? $defs : {};

    // each def's component name; renamed until every name holds the same content everywhere
    const names = new Map<string, string>();
    for (const id of Object.keys(defs)) names.set(id, id.startsWith('__') ? `Schema${++this.unnamed}` : id);
    const ids = Object.keys(defs);
    for (let round = 0; round <= ids.length; round++) {
      let renamed = false;
      for (const id of ids) {
        const name = names.get(id) ?? id;
        const existing = this.schemas[name];
        if (existing && JSON.stringify(existing) !== JSON.stringify(pointRefs(defs[id], names))) {
          names.set(id, this.freeName(`${id}${io === 'input' ? 'Input' : 'Output'}`, pointRefs(defs[id], names)));
          renamed = true;
        }
      }
      if (!renamed) break;
    }
    for (const id of ids) {
      const name = names.get(id) ?? id;
      this.schemas[name] ??= pointRefs(defs[id], names) as Json;
    }
    return pointRefs(root, names) as Json;
  }

  /** `base`, or `base2`, `base3`… : the first name free or already holding this content. */
  private freeName(base: string, content: unknown): string {
    const text = JSON.stringify(content);
    for (let n = 1; ; n++) {
      const name = n === 1 ? base : `${base}${n}`;
      const existing = this.schemas[name];
      if (!existing || JSON.stringify(existing) === text) return name;
    }
  }

  /** Follows a `$ref` to its component. */
  resolve(schema: Json): Json {
    const ref = schema.$ref;
    if (typeof ref === 'string' && ref.startsWith('#/components/schemas/')) {
      return this.schemas[ref.slice('#/components/schemas/'.length)] ?? schema;
    }
    return schema;
  }
}

/** The properties of a query's object schema (through refs and unions), with whether each is required. */
function queryProperties(
  schema: Json,
  components: SchemaComponents,
): Array<{ name: string; schema: Json; required: boolean }> {
  const found = new Map<string, { name: string; schema: Json; required: boolean }>();
  const visit = (node: Json, requiredHere: boolean) => {
    const resolved = components.resolve(node);
    const required = new Set(Array.isArray(resolved.required) ? resolved.required.map(String) : []);
    if (isObject(resolved.properties)) {
      for (const [name, property] of Object.entries(resolved.properties)) {
        if (!isObject(property) || found.has(name)) continue;
        found.set(name, { name, schema: property, required: requiredHere && required.has(name) });
      }
    }
    for (const key of ['allOf', 'anyOf', 'oneOf'] as const) {
      const branches = resolved[key];
      if (!Array.isArray(branches)) continue;
      for (const branch of branches) if (isObject(branch)) visit(branch, requiredHere && key === 'allOf');
    }
  };
  visit(schema, true);
  return [...found.values()];
}

function errorResponses(codes: readonly ErrorCode[]): Record<string, Json> {
  const byStatus = new Map<number, ErrorCode[]>();
  for (const code of new Set(codes)) {
    const { status } = ERRORS[code];
    byStatus.set(status, [...(byStatus.get(status) ?? []), code]);
  }
  const responses: Record<string, Json> = {};
  for (const status of [...byStatus.keys()].sort((a, b) => a - b)) {
    const group = byStatus.get(status) ?? [];
    responses[String(status)] = {
      description: group.map((code) => `\`${code}\``).join(', '),
      content: {
        'application/json': {
          schema: {
            allOf: [
              { $ref: '#/components/schemas/Error' },
              { type: 'object', properties: { code: { type: 'string', enum: group } } },
            ],
          },
          examples: Object.fromEntries(
            group.map((code) => [
              code,
              { summary: ERRORS[code].message, value: { code, message: ERRORS[code].message } },
            ]),
          ),
        },
      },
    };
  }
  return responses;
}

function security(requirement: SessionRequirement): Json[] {
  if (requirement === 'none') return [];
  if (requirement === 'optional') return [{}, { [SESSION_SCHEME]: [] }];
  return [{ [SESSION_SCHEME]: [] }];
}

/**
 * The name of each row as the table exports it (`session.getSession`, `organization.create`):
 * the feature's namespace and the row's name in it, as the client names its methods.
 */
function rowNames(): Map<EndpointEntry, string> {
  const seen = new Map<EndpointEntry, string[]>();
  for (const [feature, module] of Object.entries(tables)) {
    if (!isObject(module)) continue;
    for (const [name, value] of Object.entries(module)) {
      if (!isObject(value) || typeof value.path !== 'string' || typeof value.method !== 'string') continue;
      const entry = value as unknown as EndpointEntry;
      seen.set(entry, [...(seen.get(entry) ?? []), `${feature}.${name}`]);
    }
  }
  const names = new Map<EndpointEntry, string>();
  for (const [entry, found] of seen) if (found.length === 1 && found[0]) names.set(entry, found[0]);
  return names;
}

/** `POST /sign-in/email` → `postSignInEmail` (for rows without a unique exported name). */
function derivedOperationId(entry: EndpointEntry): string {
  const words = entry.path
    .split(/[^A-Za-z0-9]+/)
    .filter(Boolean)
    .map((w) => w[0]?.toUpperCase() + w.slice(1));
  return `${entry.method.toLowerCase()}${words.join('')}`;
}

const ERROR_COMPONENT: Json = {
  type: 'object',
  description: 'The body of every refusal: a stable code from the catalogue and a human-readable message.',
  properties: {
    code: { type: 'string', description: 'Stable, upper-case; never renamed or reused' },
    message: { type: 'string', description: 'For people; may carry details (which field failed validation)' },
  },
  required: ['code', 'message'],
};

/** The OpenAPI 3.1 document of the endpoints an instance with these options serves. */
export function openApiDocument(options: OpenApiOptions): Json {
  const basePath = options.basePath ?? '/api/auth';
  const table: readonly EndpointEntry[] = ENDPOINTS;
  const served = table.filter((entry) => isServed(entry, options.plugins));
  const components = new SchemaComponents({ Error: ERROR_COMPONENT });
  const names = rowNames();

  // answers first: a shared name means the shape the server writes
  const answers = new Map<EndpointEntry, Json | null>();
  for (const entry of served) {
    const json = entry.answers !== 'html' && entry.answers !== 'file' && !isNever(entry.response);
    answers.set(entry, json ? components.convert(entry.response, 'output') : null);
  }

  const paths: Record<string, Record<string, Json>> = {};
  const operationIds = new Set<string>();
  for (const entry of served) {
    const { path, params } = openApiPath(entry.path);
    const parameters: Json[] = params.map((name) => ({ name, in: 'path', required: true, schema: { type: 'string' } }));
    if (entry.query) {
      const query = components.convert(entry.query, 'input');
      for (const property of queryProperties(query, components)) {
        const { description, ...schema } = property.schema;
        parameters.push({
          name: property.name,
          in: 'query',
          required: property.required,
          ...(typeof description === 'string' && { description }),
          schema,
        });
      }
    }

    const operation: Json = {
      tags: [entry.tag],
      summary: entry.summary,
      operationId: uniqueId(names.get(entry) ?? derivedOperationId(entry), operationIds),
    };
    const notes = [
      SESSION_NOTES[entry.session],
      entry.plugin ? `Served when the \`${entry.plugin}\` plugin is on.` : '',
      entry.acceptsForm ? 'Also accepts an HTML form (`application/x-www-form-urlencoded`).' : '',
      entry.checksQueryCallbackURL ? "The query's `callbackURL` must be on a trusted origin." : '',
    ].filter(Boolean);
    if (notes.length) operation.description = notes.join('\n\n');
    if (parameters.length) operation.parameters = parameters;

    if (entry.body && entry.method !== 'GET') {
      const schema = components.convert(entry.body, 'input');
      operation.requestBody = {
        required: entry.body._zod.optin !== 'optional',
        content: {
          'application/json': { schema },
          ...(entry.acceptsForm && { 'application/x-www-form-urlencoded': { schema } }),
        },
      };
    } else if (entry.acceptsForm && entry.method !== 'GET') {
      // a form passed on as it came (a provider's form_post callback): its fields are the sender's
      operation.requestBody = {
        required: false,
        content: { 'application/x-www-form-urlencoded': { schema: { type: 'object' } } },
      };
    }

    const responses: Record<string, Json> = {};
    const answer = answers.get(entry) ?? null;
    if (entry.answers === 'html') {
      responses['200'] = {
        description: 'An HTML page',
        content: { 'text/html': { schema: { type: 'string' } } },
      };
    } else if (entry.answers === 'file') {
      responses['200'] = {
        description: 'A file to download',
        content: Object.fromEntries(
          (entry.fileTypes ?? ['application/octet-stream']).map((type) => [type, { schema: { type: 'string' } }]),
        ),
      };
    } else if (answer) {
      responses['200'] = {
        description: entry.answers === 'redirect' ? 'JSON, when no redirect target is given' : 'Success',
        content: { 'application/json': { schema: answer } },
      };
    }
    if (entry.answers === 'redirect') {
      responses['302'] = {
        description: 'A redirect to the target',
        headers: { Location: { description: 'Where the browser goes next', schema: { type: 'string' } } },
      };
    }
    Object.assign(responses, errorResponses([...entry.errors, ...transportCodes(entry)]));
    operation.responses = responses;
    operation.security = security(entry.session);

    paths[path] ??= {};
    const item = paths[path];
    if (item) item[entry.method.toLowerCase()] = operation;
  }

  const tagNames = [...new Set(served.map((entry) => entry.tag))];
  return {
    openapi: '3.1.0',
    info: {
      title: options.title,
      version: options.version,
      description: options.description ?? DEFAULT_DESCRIPTION,
    },
    servers: [{ url: `${options.baseURL.replace(/\/+$/, '')}${basePath}` }],
    tags: tagNames.map((name) => ({ name, description: TAG_DESCRIPTIONS[name] ?? `The ${name} endpoints.` })),
    paths,
    components: {
      schemas: components.schemas,
      securitySchemes: {
        [SESSION_SCHEME]: {
          type: 'apiKey',
          in: 'cookie',
          name: options.sessionCookie ?? 'latch.session_token',
          description: 'The signed session cookie the sign-in endpoints set (HttpOnly; sent by the browser).',
        },
      },
    },
  };
}

function uniqueId(base: string, taken: Set<string>): string {
  let id = base;
  for (let n = 2; taken.has(id); n++) id = `${base}${n}`;
  taken.add(id);
  return id;
}
