/**
 * The round-robin proxy (round-robin.ts) in a process of its own:
 * `node --import tsx proxy.ts <port> <upstream URL>...`. Says `listening` over IPC when ready.
 */
import { createRoundRobinProxy } from './round-robin.ts';

const [portArg, ...upstreamArgs] = process.argv.slice(2);
const upstreams = upstreamArgs.map((u) => new URL(u));
if (!portArg || upstreams.length === 0) {
  process.stderr.write('usage: proxy.ts <port> <upstream URL>...\n');
  process.exit(2);
}

createRoundRobinProxy(upstreams).listen(Number(portArg), '127.0.0.1', () => process.send?.('listening'));

process.on('SIGTERM', () => process.exit(0));
