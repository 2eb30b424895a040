/**
 * The client's methods, derived from the endpoint table (issue 12): one method per row a
 * client calls (`CLIENT_ENDPOINTS`), named as better-auth's client names it
 * (`/organization/create-team` → `organization.createTeam`), taking the row's input and
 * answering the row's output with its timestamps revived into `Date`. Nothing here names an
 * endpoint: a new row of the table is a new, typed method.
 */
import {
  type ClientInput,
  type ClientMethodName,
  type ClientOutput,
  type ClientRow,
  clientMethodName,
  type EndpointEntry,
} from '@latch/contract';
import type { Endpoint, OptionalEndpoint } from './client-types.ts';
import { CLIENT_ROUTES, type ClientRoute } from './routes.ts';

// ---------- answers ----------

/**
 * The keys whose ISO-8601 strings are timestamps: every date of the table is one of them
 * (`createdAt`, `expiresAt`, `accessTokenExpiresAt`…, `banExpires`), and no other string
 * field has such a name (a test in methods.test.ts walks every answer schema to hold this).
 * The JSON reader revives them at run time (json.ts); this says so in the types.
 */
export type DateKey = `${string}At` | 'banExpires';

export function isDateKey(key: string): boolean {
  return key.endsWith('At') || key === 'banExpires';
}

type ReviveDate<V> = V extends string ? Date : V;

/** A JSON answer as the client hands it over: timestamps are `Date`. */
export type Revived<T> = T extends readonly (infer Item)[]
  ? Revived<Item>[]
  : T extends object
    ? { [K in keyof T]: K extends DateKey ? ReviveDate<T[K]> : Revived<T[K]> }
    : T;

type KeysOf<U> = U extends unknown ? keyof U : never;

type Absent<U, All extends PropertyKey> = { [P in Exclude<All, keyof U>]?: undefined };
type Flatten<T> = { [K in keyof T]: T[K] };

/**
 * A union of answers where each branch also lists the other branches' keys as absent, so that
 * `data.twoFactorRedirect` or `data.user` reads on any sign-in answer and narrows it.
 */
export type Exclusive<U, All extends PropertyKey = KeysOf<U>> = U extends readonly unknown[]
  ? U
  : U extends object
    ? Flatten<U & Absent<U, All>>
    : U;

/** What a method of this row resolves to. */
export type Answer<E extends EndpointEntry> = Exclusive<Revived<ClientOutput<E>>>;

// ---------- the nested shape ----------

type NoFields = Record<never, never>;

/** One method: its argument may be left out when the row needs no field. */
export type Method<E extends EndpointEntry, ClientThrow extends boolean> =
  NoFields extends ClientInput<E>
    ? OptionalEndpoint<ClientInput<E>, Answer<E>, ClientThrow>
    : Endpoint<ClientInput<E>, Answer<E>, ClientThrow>;

/** A row with the names left to walk (`['organization', 'createTeam']`). */
interface Named {
  names: readonly string[];
  row: EndpointEntry;
}

type NameRows<R> = R extends EndpointEntry ? { names: ClientMethodName<R['path']>; row: R } : never;

/** The rows under the name `K`, one name down. */
type Down<N extends Named, K> = N extends { names: readonly [K, ...infer Rest extends string[]] }
  ? { names: Rest; row: N['row'] }
  : never;

type Leaves<N extends Named> = N extends { names: readonly [] } ? N : never;
type Branches<N extends Named> = N extends { names: readonly [] } ? never : N;
type LeafMethod<N extends Named, ClientThrow extends boolean> = N extends Named ? Method<N['row'], ClientThrow> : never;

/**
 * A name is a method, a namespace, or both (`changeEmail(…)` and `changeEmail.describe(…)`,
 * as better-auth's path proxy has them).
 */
type Node<N extends Named, ClientThrow extends boolean> = [Branches<N>] extends [never]
  ? LeafMethod<Leaves<N>, ClientThrow>
  : [Leaves<N>] extends [never]
    ? Tree<Branches<N>, ClientThrow>
    : LeafMethod<Leaves<N>, ClientThrow> & Tree<Branches<N>, ClientThrow>;

type Tree<N extends Named, ClientThrow extends boolean> = {
  [K in N['names'][0] & string]: Node<Down<N, K>, ClientThrow>;
};

/** Every method of the client, nested by name. */
export type ClientMethods<ClientThrow extends boolean> = Tree<NameRows<ClientRow>, ClientThrow>;

// ---------- at run time ----------

/** What stands behind one method: the row's path and method, and how to call it. */
export type MakeMethod = (row: ClientRoute) => (...args: never[]) => Promise<unknown>;

function put(parent: object, name: string, value: unknown): void {
  Object.defineProperty(parent, name, { value, enumerable: true, writable: true, configurable: true });
}

/**
 * The methods as values, one per client row, nested as `ClientMethods` says. Shorter paths go
 * first, so a method exists before the methods nested under it are hung on it.
 */
export function buildMethods<ClientThrow extends boolean>(make: MakeMethod): ClientMethods<ClientThrow> {
  const root = {};
  const rows = [...CLIENT_ROUTES].sort((a, b) => clientMethodName(a.path).length - clientMethodName(b.path).length);
  for (const row of rows) {
    const names = clientMethodName(row.path);
    const last = names.pop();
    if (last === undefined) throw new Error(`no method name in ${row.path}`);
    let parent: object = root;
    for (const name of names) {
      let next: unknown = Object.hasOwn(parent, name) ? Reflect.get(parent, name) : undefined;
      if (next === undefined) {
        next = {};
        put(parent, name, next);
      }
      if (next === null || (typeof next !== 'object' && typeof next !== 'function')) {
        throw new Error(`${row.path}: "${name}" is not a namespace`);
      }
      parent = next;
    }
    if (Object.hasOwn(parent, last)) throw new Error(`${row.path}: the method name "${last}" is taken`);
    put(parent, last, make(row));
  }
  // The one place where the derived type meets the values: the test "every client row has its
  // method" walks CLIENT_ENDPOINTS (of which CLIENT_ROUTES is the paths and methods) and calls each method at the path the type names it by.
  return root as ClientMethods<ClientThrow>;
}
