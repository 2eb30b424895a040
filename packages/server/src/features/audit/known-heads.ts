/**
 * The chain heads this instance last wrote (docs/audit-log.md, "Tamper evidence"): a guess
 * at each head's place and hash, so that an event can be linked and written without first
 * reading its chain's head: one statement fewer per event (docs/performance.md).
 *
 * A guess is never trusted: the write moves the head only if it is still where the guess
 * says (place and hash), and inserts the row only if it did; otherwise the event is linked
 * the old way, after reading the head under its row lock. A guess goes stale when another
 * instance writes the chain, or when a transaction that moved it rolls back; both cost one
 * statement that changes nothing. An instance that finds a chain moved by someone else
 * leaves it alone for a minute, so several instances drift apart onto chains of their own.
 */
import type { ChainHead } from './repo.ts';

export interface KnownHead {
  seq: number;
  lastHash: string | null;
}

/** How long a chain another writer moved is left to it. */
const AVOID_MS = 60_000;

export class KnownHeads {
  private readonly heads = new Map<string, KnownHead>();
  private readonly movedElsewhereAt = new Map<string, number>();

  constructor(initial: readonly ChainHead[]) {
    for (const head of initial) this.heads.set(head.id, { seq: head.seq, lastHash: head.lastHash });
  }

  get(chainId: string): KnownHead | undefined {
    return this.heads.get(chainId);
  }

  /** The head after this instance's write (committed or not yet: a rollback shows as a miss). */
  wrote(chainId: string, head: KnownHead): void {
    this.heads.set(chainId, head);
  }

  /** The guess was wrong: someone else wrote the chain (or a write of ours rolled back). */
  missed(chainId: string, nowMs: number): void {
    this.heads.delete(chainId);
    this.movedElsewhereAt.set(chainId, nowMs);
  }

  /** Whether a new transaction should rather take another chain. */
  avoids(chainId: string, nowMs: number): boolean {
    const at = this.movedElsewhereAt.get(chainId);
    if (at === undefined) return false;
    if (nowMs - at < AVOID_MS) return true;
    this.movedElsewhereAt.delete(chainId);
    return false;
  }
}

const byInstance = new WeakMap<object, KnownHeads>();

/** The instance's guesses, read from the chains' heads on its first event. */
export async function knownHeadsOf(instance: object, load: () => Promise<ChainHead[]>): Promise<KnownHeads> {
  let known = byInstance.get(instance);
  if (!known) {
    const heads = await load();
    // two first events at once: the first to finish keeps its guesses
    known = byInstance.get(instance) ?? new KnownHeads(heads);
    byInstance.set(instance, known);
  }
  return known;
}
