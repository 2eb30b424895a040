/**
 * Password hashing. New hashes are Argon2id at the OWASP minimum (19 MiB, t=2, p=1);
 * better-auth's scrypt hashes (`<saltHex32>:<keyHex128>`, N=16384 r=16 p=1, NFKC) are
 * verified too, so users can be imported, and flagged for re-hashing.
 * Argon2 runs on worker threads of lower priority (hash-pool.ts), scrypt on libuv's pool:
 * the event loop never computes a hash.
 */
import { scrypt as scryptCallback, timingSafeEqual } from 'node:crypto';
import { createHashPool, type HashPool } from './hash-pool.ts';

// algorithm 2 is Argon2id (the package exports it as an ambient const enum, unusable with isolatedModules)
const ARGON2_OPTIONS = { algorithm: 2, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;
const SCRYPT_FORMAT = /^[0-9a-f]{32}:[0-9a-f]{128}$/;

export interface PasswordCheck {
  valid: boolean;
  /** The stored hash uses an older scheme or weaker parameters: store a new one. */
  needsRehash: boolean;
}

let pool: HashPool | null = null;
/** One pool per process, started on the first hash. */
const hashPool = (): HashPool => {
  pool ??= createHashPool();
  return pool;
};

/** The process's hashing pool, for /metrics: hashes waiting and threads started (0 before the first hash). */
export function hashPoolStats(): { queued: number; threads: number } {
  return { queued: pool?.queued ?? 0, threads: pool?.threads ?? 0 };
}

export function hashPassword(password: string): Promise<string> {
  return hashPool().hash(password.normalize('NFKC'), ARGON2_OPTIONS);
}

export async function verifyPassword(stored: string, password: string): Promise<PasswordCheck> {
  const normalized = password.normalize('NFKC');
  if (SCRYPT_FORMAT.test(stored)) {
    return { valid: await verifyScrypt(stored, normalized), needsRehash: true };
  }
  if (stored.startsWith('$argon2')) {
    let valid = false;
    try {
      valid = await hashPool().verify(stored, normalized);
    } catch {
      valid = false;
    }
    return { valid, needsRehash: valid && !stored.startsWith('$argon2id$v=19$m=19456,t=2,p=1$') };
  }
  return { valid: false, needsRehash: false };
}

let dummyHash: Promise<string> | null = null;

/**
 * Spends the time of a real verification when there is no user or no password,
 * so that the answer's timing does not reveal whether the account exists.
 */
export async function verifyDummyPassword(password: string): Promise<void> {
  dummyHash ??= hashPassword('latch-dummy-password-for-timing');
  await hashPool()
    .verify(await dummyHash, password.normalize('NFKC'))
    .catch(() => false);
}

function verifyScrypt(stored: string, password: string): Promise<boolean> {
  const [salt = '', keyHex = ''] = stored.split(':');
  return new Promise((resolve) => {
    // the salt is the 32-character hex *string*, used as UTF-8 bytes (better-auth's format)
    scryptCallback(password, salt, 64, { N: 16_384, r: 16, p: 1, maxmem: 128 * 16_384 * 16 * 2 }, (err, key) => {
      if (err) return resolve(false);
      const expected = Buffer.from(keyHex, 'hex');
      resolve(expected.length === key.length && timingSafeEqual(expected, key));
    });
  });
}

/** Produces a better-auth-format scrypt hash: for tests of the import path only. */
export function hashScryptForImport(password: string, saltHex: string): Promise<string> {
  return new Promise((resolve, reject) => {
    scryptCallback(
      password.normalize('NFKC'),
      saltHex,
      64,
      { N: 16_384, r: 16, p: 1, maxmem: 128 * 16_384 * 16 * 2 },
      (err, key) => (err ? reject(err) : resolve(`${saltHex}:${key.toString('hex')}`)),
    );
  });
}
