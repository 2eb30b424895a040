/**
 * SQLite in WAL mode copies the log back into the database ("checkpoint") on the connection
 * that commits, synchronously and with an fsync: under a write load (sign-ins create
 * sessions) that stalled the event loop for 100–200 ms. The application's connection has
 * automatic checkpoints off; this worker thread checkpoints with its own connection every
 * second instead (PASSIVE: it never blocks readers or the writer), and truncates the log
 * when the database closes.
 */
import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';

const WORKER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
const Database = require(workerData.driver);
const db = new Database(workerData.path);
db.pragma('busy_timeout = 5000');
const checkpoint = (mode) => { try { db.pragma('wal_checkpoint(' + mode + ')'); } catch { /* busy: the next tick tries again */ } };
const timer = setInterval(() => checkpoint('PASSIVE'), workerData.intervalMs);
parentPort.on('message', (message) => {
  if (message !== 'close') return;
  clearInterval(timer);
  checkpoint('TRUNCATE');
  db.close();
  parentPort.postMessage('closed');
});
`;

export interface Checkpointer {
  close(): Promise<void>;
}

export function startCheckpointer(path: string, intervalMs = 1000): Checkpointer {
  const driver = createRequire(import.meta.url).resolve('better-sqlite3');
  const worker = new Worker(WORKER_SOURCE, { eval: true, workerData: { path, intervalMs, driver } });
  // the worker never keeps the process alive on its own
  worker.unref();
  worker.on('error', (err) => process.stderr.write(`database: the checkpoint worker failed (${err.message})\n`));
  return {
    close: () =>
      new Promise<void>((resolve) => {
        const done = () => resolve();
        worker.once('message', () => void worker.terminate().then(done, done));
        worker.once('exit', done);
        worker.postMessage('close');
      }),
  };
}
