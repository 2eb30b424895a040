/**
 * Verifies the audit chains (docs/audit-log.md, "Verification"): each chain is walked from
 * its anchor to its head, a page at a time, recomputing every row's hash. The first broken
 * link of each chain is reported, and the earliest of them as the log's first broken link.
 */
import type { AuthDeps } from '../../core/http/context.ts';
import { anchorMac, type ChainedContent, chainKey, headMac, rowHash } from './chain.ts';
import { type ChainHead, countRowsByChain, findChainHead, listChainHeads, listChainRows } from './repo.ts';

export type ChainBreakReason =
  /** The row's content no longer matches its hash: it was edited. */
  | 'altered'
  /** The row is not at the place that follows the previous one: rows before it are gone. */
  | 'missing'
  /** The row does not name the previous row's hash: it was put there from elsewhere. */
  | 'relinked'
  /** The chain ends before its head: its newest rows are gone. */
  | 'truncated'
  /** The head's MAC does not match its place and hash: the head was edited. */
  | 'head_altered'
  /** The retention anchor's MAC does not match: the chain's start was moved by hand. */
  | 'anchor_altered'
  /** Rows name a chain that has no head. */
  | 'unknown_chain';

export interface ChainBreak {
  chainId: string;
  reason: ChainBreakReason;
  /** The row where the chain breaks (for `truncated`, the last row still there), when there is one. */
  eventId: string | null;
  chainSeq: number | null;
  createdAt: Date | null;
}

export interface ChainVerification {
  valid: boolean;
  /** Rows whose hash was recomputed. */
  checkedEvents: number;
  chains: number;
  /** Rows written before the chain existed (0009-audit-chain): counted, not vouched for. */
  unchainedEvents: number;
  firstBroken: ChainBreak | null;
  /** The first broken link of each broken chain. */
  broken: ChainBreak[];
}

const PAGE = 1000;

function contentOf(row: {
  id: string;
  createdAt: Date | string;
  type: string;
  outcome: string;
  actorUserId: string | null;
  actorType: string;
  impersonatorUserId: string | null;
  targetType: string | null;
  targetId: string | null;
  organizationId: string | null;
  ipAddress: string | null;
  userAgent: string | null;
  details: string | null;
  chainId: string | null;
  chainSeq: number | string | null;
  prevHash: string | null;
}): ChainedContent {
  return { ...row, chainId: row.chainId ?? '', chainSeq: Number(row.chainSeq) };
}

type WalkResult = { checked: number; broken: ChainBreak | null; restart: boolean };

async function walkChain(deps: Pick<AuthDeps, 'db'>, key: Buffer, head: ChainHead): Promise<WalkResult> {
  const db = deps.db;
  const broken = (reason: ChainBreakReason, row?: { id: string; chainSeq: unknown; createdAt: Date | string }) => ({
    chainId: head.id,
    reason,
    eventId: row?.id ?? null,
    chainSeq: row ? Number(row.chainSeq) : null,
    createdAt: row ? new Date(row.createdAt) : null,
  });
  if (head.seq > 0 && head.headMac !== headMac(key, head.id, head.seq, head.lastHash))
    return { checked: 0, broken: broken('head_altered'), restart: false };
  if (head.prunedSeq > 0 && head.prunedMac !== anchorMac(key, head.id, head.prunedSeq, head.prunedHash))
    return { checked: 0, broken: broken('anchor_altered'), restart: false };

  let expectedSeq = head.prunedSeq + 1;
  let expectedPrev = head.prunedSeq > 0 ? head.prunedHash : null;
  let checked = 0;
  let last: { id: string; chainSeq: unknown; createdAt: Date | string } | undefined;
  // places after the head were taken after it was read: the next verification covers them
  while (expectedSeq <= head.seq) {
    const rows = await listChainRows(db, head.id, expectedSeq - 1, Math.min(PAGE, head.seq - expectedSeq + 1));
    if (rows.length === 0) break;
    for (const row of rows) {
      const seq = Number(row.chainSeq);
      if (seq !== expectedSeq) {
        // the sweep may have moved the start meanwhile: then walk again from its anchor
        const now = await findChainHead(db, head.id);
        if (now && now.prunedSeq !== head.prunedSeq) return { checked, broken: null, restart: true };
        return { checked, broken: broken('missing', row), restart: false };
      }
      checked++;
      if (row.hash !== rowHash(key, contentOf(row))) return { checked, broken: broken('altered', row), restart: false };
      if (row.prevHash !== expectedPrev) return { checked, broken: broken('relinked', row), restart: false };
      expectedPrev = row.hash;
      expectedSeq++;
      last = row;
    }
  }
  if (expectedSeq <= head.seq || expectedPrev !== head.lastHash) {
    const now = await findChainHead(db, head.id);
    if (now && now.prunedSeq !== head.prunedSeq) return { checked, broken: null, restart: true };
    return { checked, broken: broken('truncated', last), restart: false };
  }
  return { checked, broken: null, restart: false };
}

function earliest(a: ChainBreak, b: ChainBreak): number {
  if (a.createdAt && b.createdAt && a.createdAt.getTime() !== b.createdAt.getTime())
    return a.createdAt.getTime() - b.createdAt.getTime();
  if (a.createdAt && !b.createdAt) return -1;
  if (!a.createdAt && b.createdAt) return 1;
  return a.chainId.localeCompare(b.chainId);
}

export async function verifyAuditChains(deps: Pick<AuthDeps, 'db' | 'config'>): Promise<ChainVerification> {
  const key = chainKey(deps.config.secret);
  const heads = await listChainHeads(deps.db);
  const known = new Set(heads.map((h) => h.id));
  const counts = await countRowsByChain(deps.db);
  const breaks: ChainBreak[] = counts
    .filter((c) => c.chainId !== null && !known.has(c.chainId))
    .map((c) => ({
      chainId: c.chainId ?? '',
      reason: 'unknown_chain',
      eventId: null,
      chainSeq: null,
      createdAt: null,
    }));
  let checkedEvents = 0;
  for (const first of heads) {
    let head: ChainHead | null = first;
    // a sweep moving the start during the walk restarts it (a few times at most)
    for (let attempt = 0; head && attempt < 3; attempt++) {
      const walked: WalkResult = await walkChain(deps, key, head);
      checkedEvents += walked.checked;
      if (walked.broken) breaks.push(walked.broken);
      if (!walked.restart) break;
      head = await findChainHead(deps.db, head.id);
    }
  }
  breaks.sort(earliest);
  return {
    valid: breaks.length === 0,
    checkedEvents,
    chains: heads.length,
    unchainedEvents: counts.find((c) => c.chainId === null)?.count ?? 0,
    firstBroken: breaks[0] ?? null,
    broken: breaks,
  };
}
