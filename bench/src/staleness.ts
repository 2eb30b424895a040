/**
 * How long another instance answers stale, measured while the load runs: a process of its
 * own (so that the load generator's work does not delay its clock), started by cluster.ts.
 * On the parent's 'start' message it repeats, until the samples are taken or the time is up:
 * change the person's name through instance A; from A's answer, ask B (and A once) for the
 * session until B shows the new name. One sample is the time from A's answer to B's first
 * answer with the new name; an answer of A without it is counted as the writer answering stale.
 */
import { Agent, request } from 'node:http';

export interface StalenessInput {
  a: string;
  b: string;
  /** The Cookie header of a session whose person the prober renames. */
  cookie: string;
  samples: number;
  durationMs: number;
}

export interface StalenessOutput {
  /** Milliseconds from A's answer to B's first answer with the change, in the order taken. */
  delaysMs: number[];
  /** Times A answered the old name right after its own write (must be 0). */
  writerStale: number;
  /** Samples where B had not shown the change after GIVE_UP_MS (not in delaysMs). */
  gaveUp: number;
  /** Answers that were not 200. */
  failures: number;
}

const GIVE_UP_MS = 2_000;
const agent = new Agent({ keepAlive: true, maxSockets: 4 });

function send(
  url: string,
  method: 'GET' | 'POST',
  headers: Record<string, string>,
  body?: string,
): Promise<{ status: number; text: string }> {
  return new Promise((resolve, reject) => {
    const req = request(url, { method, headers, agent }, (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => {
        text += chunk;
      });
      res.on('end', () => resolve({ status: res.statusCode ?? 0, text }));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end(body);
  });
}

async function nameOn(base: string, cookie: string): Promise<string | null> {
  const { status, text } = await send(`${base}/api/auth/get-session`, 'GET', { cookie });
  if (status !== 200) throw new Error(`get-session on ${base}: ${status}`);
  const body = JSON.parse(text) as { user?: { name?: unknown } } | null;
  return typeof body?.user?.name === 'string' ? body.user.name : null;
}

export async function measureStaleness(input: StalenessInput): Promise<StalenessOutput> {
  const out: StalenessOutput = { delaysMs: [], writerStale: 0, gaveUp: 0, failures: 0 };
  const started = performance.now();
  const slot = input.durationMs / input.samples;
  for (let i = 0; i < input.samples; i++) {
    if (performance.now() - started > input.durationMs) break;
    const name = `Staleness ${process.pid} ${i}`;
    const write = await send(
      `${input.a}/api/auth/update-user`,
      'POST',
      { cookie: input.cookie, origin: input.a, 'content-type': 'application/json' },
      JSON.stringify({ name }),
    );
    if (write.status !== 200) {
      out.failures++;
      continue;
    }
    const answered = performance.now();
    // the writer's next answer, asked at the same time as B
    const writer = nameOn(input.a, input.cookie).then((seen) => {
      if (seen !== name) out.writerStale++;
    });
    for (;;) {
      if ((await nameOn(input.b, input.cookie)) === name) {
        out.delaysMs.push(performance.now() - answered);
        break;
      }
      if (performance.now() - answered > GIVE_UP_MS) {
        out.gaveUp++;
        break;
      }
    }
    await writer;
    // spread the samples over the load's measured time
    const wait = started + (i + 1) * slot - performance.now();
    if (wait > 0) await new Promise((r) => setTimeout(r, wait));
  }
  return out;
}

// run as a child of cluster.ts: input in argv, 'start' and the answer over IPC
if (process.send && process.argv[2]) {
  const input = JSON.parse(process.argv[2]) as StalenessInput;
  process.once('message', (message) => {
    if (message !== 'start') return;
    measureStaleness(input).then(
      (output) => process.send?.({ output }, () => process.exit(0)),
      (err: unknown) => process.send?.({ error: String(err) }, () => process.exit(1)),
    );
  });
  process.send('ready');
}
