/**
 * A minimal round-robin HTTP proxy, as an operator puts one in front of several instances:
 * each request goes to the next upstream in turn, over kept-alive connections, streamed
 * both ways. Run in its own process: `node --import tsx proxy.ts <port> <upstream URL>...`.
 * No retries, no health checks: a failed upstream answers 502.
 */
import { Agent, createServer, type IncomingHttpHeaders, type OutgoingHttpHeaders, request } from 'node:http';

/** Headers that belong to one connection (RFC 9110 §7.6.1), not to the message. */
const HOP_BY_HOP = new Set([
  'connection',
  'keep-alive',
  'proxy-connection',
  'proxy-authenticate',
  'proxy-authorization',
  'te',
  'trailer',
  'transfer-encoding',
  'upgrade',
]);

function endToEnd(headers: IncomingHttpHeaders): OutgoingHttpHeaders {
  const out: OutgoingHttpHeaders = {};
  for (const [name, value] of Object.entries(headers))
    if (!HOP_BY_HOP.has(name) && value !== undefined) out[name] = value;
  return out;
}

const [portArg, ...upstreamArgs] = process.argv.slice(2);
const upstreams = upstreamArgs.map((u) => new URL(u));
if (!portArg || upstreams.length === 0) {
  process.stderr.write('usage: proxy.ts <port> <upstream URL>...\n');
  process.exit(2);
}
const agent = new Agent({ keepAlive: true, maxSockets: 256 });
let next = 0;

createServer((req, res) => {
  const target = upstreams[next++ % upstreams.length];
  if (!target) return;
  const forwarded = request(
    {
      host: target.hostname,
      port: target.port,
      method: req.method,
      path: req.url,
      headers: { ...endToEnd(req.headers), 'x-forwarded-for': req.socket.remoteAddress ?? '' },
      agent,
    },
    (answer) => {
      res.writeHead(answer.statusCode ?? 502, endToEnd(answer.headers));
      answer.pipe(res);
    },
  );
  forwarded.on('error', () => {
    if (!res.headersSent) res.writeHead(502, { 'content-type': 'text/plain' });
    res.end('upstream failed');
  });
  req.pipe(forwarded);
}).listen(Number(portArg), '127.0.0.1', () => process.send?.('listening'));

process.on('SIGTERM', () => process.exit(0));
