// The baseline for `npm run bench:edge`: a bare node:http server answering every request with one file
// held in memory, with the same headers the edge sends for it (type, length, ETag, Cache-Control).
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

const file = process.env.BENCH_FILE;
if (!file) throw new Error('BENCH_FILE: the file to serve is required');
const body = readFileSync(file);
const headers = {
  'Content-Type': 'application/json; charset=utf-8',
  'Content-Length': String(body.byteLength),
  ETag: `"${createHash('sha256').update(body).digest('base64url').slice(0, 27)}"`,
  'Cache-Control': 'public, max-age=60, must-revalidate',
};
const server = createServer((_req, res) => {
  res.writeHead(200, headers);
  res.end(body);
});
server.listen(0, '127.0.0.1', () => {
  process.stdout.write(`${JSON.stringify({ listening: (server.address() as AddressInfo).port })}\n`);
});
process.on('SIGTERM', () => server.close(() => process.exit(0)));
