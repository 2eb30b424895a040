// The ceiling for a password endpoint served over HTTP: node:http reading a JSON body and
// verifying one Argon2id hash per request (Latch's parameters, libuv's pool, as the hash
// ceiling does), then answering a fixed JSON body. What separates it from the hash ceiling
// is the cost of HTTP itself and of the load generator on the same cores; what separates a
// sign-in row from it is Latch.
import { createServer } from 'node:http';
import { hash, verify } from '@node-rs/argon2';

const ARGON2 = { algorithm: 2, memoryCost: 19_456, timeCost: 2, parallelism: 1 };
const stored = await hash('Bench-Password-123', ARGON2);
const answer = JSON.stringify({ redirect: false, token: 'x'.repeat(32), user: { id: 'y'.repeat(32) } });
createServer((req, res) => {
  const chunks = [];
  req.on('data', (c) => chunks.push(c));
  req.on('end', async () => {
    let password = '';
    try {
      password = String(JSON.parse(Buffer.concat(chunks).toString('utf8')).password ?? '');
    } catch {}
    const ok = await verify(stored, password).catch(() => false);
    const body = ok ? answer : '{"code":"INVALID_EMAIL_OR_PASSWORD"}';
    res.writeHead(ok ? 200 : 401, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) });
    res.end(body);
  });
}).listen(Number(process.argv[2]), '127.0.0.1');
process.on('SIGTERM', () => process.exit(0));
