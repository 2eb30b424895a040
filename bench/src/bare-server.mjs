// The ceiling for any Node endpoint: node:http answering a fixed JSON body.
import { createServer } from 'node:http';

const body = JSON.stringify({
  session: { id: 'x'.repeat(32) },
  user: { id: 'y'.repeat(32), email: 'user@bench.test' },
});
createServer((_req, res) => {
  res.writeHead(200, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) });
  res.end(body);
}).listen(Number(process.argv[2]), '127.0.0.1');
process.on('SIGTERM', () => process.exit(0));
