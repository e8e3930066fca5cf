import { mkdtemp, rm } from 'node:fs/promises';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErrorBody } from '../core/schemas/envelope.ts';
import { fakeSiteFiles, writeSite } from './testing/fixtures.ts';
import { type SpawnedEdge, spawnEdge } from './testing/spawn-edge.ts';

let dir: string;
let edge: SpawnedEdge;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'edge-adapter-'));
  await writeSite(join(dir, 'dist'), fakeSiteFiles({ baseUrl: 'http://localhost', platform: 'forum' }));
  edge = await spawnEdge({ DIST_DIR: join(dir, 'dist'), CONTENT_DIR: join(dir, 'content') });
});
afterAll(async () => {
  await edge?.stop();
  await rm(dir, { recursive: true, force: true });
});

interface RawAnswer {
  status: number;
  headers: Record<string, string>;
  body: string;
}

/** Sends `head` (request line and headers, exactly as given) on a fresh socket; reads until the server closes. */
function sendRaw(head: string): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const socket = connect(edge.port, '127.0.0.1');
    let data = '';
    socket.setEncoding('latin1');
    socket.on('data', (chunk: string) => {
      data += chunk;
    });
    socket.on('error', reject);
    socket.on('close', () => {
      const end = data.indexOf('\r\n\r\n');
      const lines = data.slice(0, end).split('\r\n');
      const headers: Record<string, string> = {};
      for (const line of lines.slice(1)) {
        const colon = line.indexOf(':');
        headers[line.slice(0, colon).toLowerCase()] = line.slice(colon + 1).trim();
      }
      resolve({ status: Number(lines[0]?.split(' ')[1]), headers, body: data.slice(end + 4) });
    });
    socket.end(head);
  });
}

/** A request the client closes after sending, so the answer ends with the connection. */
const get = (target: string, host = `127.0.0.1:${edge.port}`) =>
  sendRaw(`GET ${target} HTTP/1.1\r\nHost: ${host}\r\nConnection: close\r\n\r\n`);

function expectJsonError(answer: RawAnswer, status: number) {
  expect(answer.status).toBe(status);
  expect(answer.headers['content-type']).toBe('application/json; charset=utf-8');
  expect(answer.headers['x-content-type-options']).toBe('nosniff');
  expect(Number(answer.headers['content-length'])).toBe(Buffer.byteLength(answer.body));
  return ErrorBody.parse(JSON.parse(answer.body));
}

describe('requests the HTTP adapter or node refuse before the app', () => {
  it('a backslash in the path: 400 in the contract error shape', async () => {
    const body = expectJsonError(await get('/api/forum/digests/latest\\'), 400);
    expect(body.message).toMatch(/backslash/i);
  });

  it('an invalid Host header: 400 in the contract error shape', async () => {
    const body = expectJsonError(await get('/api/forum/digests/latest', 'evil.com:80:1'), 400);
    expect(body.message).toMatch(/host/i);
  });

  it('a request node cannot parse: 400, and headers that are too large: 431, both JSON', async () => {
    expectJsonError(await sendRaw('GET / HTTP/1.1\r\nHost: x\r\nno colon here\r\n\r\n'), 400);
    expectJsonError(await sendRaw(`GET / HTTP/1.1\r\nHost: x\r\nX-Big: ${'a'.repeat(20_000)}\r\n\r\n`), 431);
  });

  it('keeps serving afterwards', async () => {
    const answer = await get('/api/forum/digests/latest');
    expect(answer.status).toBe(200);
  });
});
