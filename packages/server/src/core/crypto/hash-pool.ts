/**
 * Argon2id on worker threads of lower scheduling priority: one per core, started on the
 * first hash. Computing a hash takes a core for tens of milliseconds; on libuv's pool
 * the hashes competed with the event loop as equals, and a session check or a sign-in
 * answer waited up to 30 ms for a time slice (docs/performance.md). A worker at nice +10
 * yields the core to the event loop whenever it has work, and takes it back at once.
 * At most one hash per core runs at a time (each holds 19 MiB), the rest wait in order.
 */
import { createRequire } from 'node:module';
import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';

/** Argon2 options as @node-rs/argon2 takes them. */
export interface Argon2Options {
  algorithm: number;
  memoryCost: number;
  timeCost: number;
  parallelism: number;
}

type Job = { op: 'hash'; password: string; options: Argon2Options } | { op: 'verify'; hash: string; password: string };

interface Pending {
  job: Job;
  resolve(value: string | boolean): void;
  reject(error: Error): void;
}

const WORKER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
const { setPriority } = require('node:os');
const argon2 = require(workerData.argon2);
// on Linux this lowers this thread alone; where the system refuses, the thread keeps its priority
try { setPriority(workerData.nice); } catch {}
parentPort.on('message', (job) => {
  try {
    const result = job.op === 'hash' ? argon2.hashSync(job.password, job.options) : argon2.verifySync(job.hash, job.password);
    parentPort.postMessage({ ok: true, result });
  } catch (error) {
    parentPort.postMessage({ ok: false, message: error instanceof Error ? error.message : String(error) });
  }
});
`;

export interface HashPool {
  hash(password: string, options: Argon2Options): Promise<string>;
  verify(hash: string, password: string): Promise<boolean>;
  /** Threads started so far (they start on demand, up to one per core). */
  readonly threads: number;
  /** Hashes waiting for a free thread. */
  readonly queued: number;
  close(): Promise<void>;
}

export function createHashPool(size = availableParallelism(), nice = 10): HashPool {
  const argon2 = createRequire(import.meta.url).resolve('@node-rs/argon2');
  const idle: Worker[] = [];
  const all = new Set<Worker>();
  const running = new Map<Worker, Pending>();
  const queue: Pending[] = [];

  const start = (): Worker => {
    const worker = new Worker(WORKER_SOURCE, {
      eval: true,
      workerData: { argon2, nice },
      // a hash needs no JavaScript heap to speak of: keep each thread's small
      resourceLimits: { maxOldGenerationSizeMb: 16, maxYoungGenerationSizeMb: 2 },
    });
    worker.on('message', (reply: { ok: true; result: string | boolean } | { ok: false; message: string }) => {
      const task = running.get(worker);
      running.delete(worker);
      if (task) {
        if (reply.ok) task.resolve(reply.result);
        else task.reject(new Error(reply.message));
      }
      next(worker);
    });
    const lost = (error: Error) => {
      all.delete(worker);
      const at = idle.indexOf(worker);
      if (at >= 0) idle.splice(at, 1);
      const task = running.get(worker);
      running.delete(worker);
      task?.reject(error);
      const waiting = queue.shift();
      if (waiting) dispatch(waiting);
    };
    worker.on('error', lost);
    worker.on('exit', (code) => {
      if (all.has(worker)) lost(new Error(`the password hashing thread stopped (exit code ${code})`));
    });
    all.add(worker);
    return worker;
  };

  // a thread keeps the process alive while it computes a hash someone awaits, never when idle
  // (unref after the listeners: adding a 'message' listener refs the worker again)
  const run = (worker: Worker, task: Pending) => {
    running.set(worker, task);
    worker.ref();
    worker.postMessage(task.job);
  };

  const next = (worker: Worker) => {
    const task = queue.shift();
    if (task) run(worker, task);
    else {
      worker.unref();
      idle.push(worker);
    }
  };

  const dispatch = (task: Pending) => {
    const worker = idle.pop() ?? (all.size < size ? start() : null);
    if (worker) run(worker, task);
    else queue.push(task);
  };

  const submit = <T extends string | boolean>(job: Job) =>
    new Promise<T>((resolve, reject) => {
      dispatch({ job, resolve: resolve as (value: string | boolean) => void, reject });
    });

  return {
    hash: (password, options) => submit<string>({ op: 'hash', password, options }),
    verify: (hash, password) => submit<boolean>({ op: 'verify', hash, password }),
    get threads() {
      return all.size;
    },
    get queued() {
      return queue.length;
    },
    async close() {
      const workers = [...all];
      all.clear();
      idle.length = 0;
      for (const task of queue.splice(0)) task.reject(new Error('the password hashing pool was closed'));
      await Promise.all(workers.map((worker) => worker.terminate()));
    },
  };
}
