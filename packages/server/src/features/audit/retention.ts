/**
 * The retention sweep's part for the audit log (features/maintenance): rows older than the
 * cutoff go, without breaking the chains. A chain loses a prefix only (its places up to
 * S, where S + 1 is its first place not older than the cutoff), and before the rows go its
 * anchor says so: the chain now starts after S, whose hash was prunedHash, under a MAC
 * only the instance secret can make. Verification starts each chain at its anchor, so a
 * chain shortened by the sweep verifies and one shortened by hand does not. Rows written
 * before the chain existed are deleted by their time, as before.
 */
import type { AuthDeps } from '../../core/http/context.ts';
import { anchorMac, chainKey } from './chain.ts';
import {
  deleteChainRowsThrough,
  deleteUnchainedBefore,
  findChainRow,
  firstPlaceSince,
  listChainHeads,
  setChainAnchor,
} from './repo.ts';

/**
 * Deletes rows older than `before`, in batches; answers how many went. Chained rows need
 * the instance's secret for the anchor's MAC: without `config`, only unchained rows go.
 */
export async function deleteAuditEventsBefore(
  deps: Pick<AuthDeps, 'db'> & Partial<Pick<AuthDeps, 'config' | 'logger'>>,
  before: Date,
  batchSize: number,
  maxBatches: number,
): Promise<number> {
  const { db } = deps;
  let total = 0;
  let batches = 0;
  const pause = () => new Promise((resolve) => setImmediate(resolve));

  while (batches < maxBatches) {
    const deleted = await deleteUnchainedBefore(db, before, batchSize);
    total += deleted;
    batches++;
    if (deleted < batchSize) break;
    await pause();
  }

  if (!deps.config) return total;
  const key = chainKey(deps.config.secret);
  for (const head of await listChainHeads(db)) {
    if (batches >= maxBatches) break;
    // read the head first: every place up to head.seq is committed
    const firstKept = await firstPlaceSince(db, head.id, head.prunedSeq, before);
    const through = firstKept === null ? head.seq : firstKept - 1;
    let start = head.prunedSeq;
    if (through > start) {
      const last = await findChainRow(db, head.id, through);
      if (!last) {
        // a hole where the anchor would go: verification reports it; the rows stay until someone looks
        deps.logger?.warn('audit retention: a chain has no row at the place it would start after; kept', {
          chainId: head.id,
          seq: through,
        });
        continue;
      }
      const anchor = {
        prunedSeq: through,
        prunedHash: last.hash,
        prunedMac: anchorMac(key, head.id, through, last.hash),
      };
      // another instance's sweep may have moved it already: then its anchor stands
      if (await setChainAnchor(db, head.id, head.prunedSeq, anchor)) start = through;
    }
    // what is at or before the anchor goes (also what an interrupted sweep left)
    if (start === 0) continue;
    while (batches < maxBatches) {
      const deleted = await deleteChainRowsThrough(db, head.id, start, batchSize);
      total += deleted;
      batches++;
      if (deleted < batchSize) break;
      await pause();
    }
  }
  return total;
}
