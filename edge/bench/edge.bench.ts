// `npm run bench:edge`: the same static JSON (the latest digest) through the edge, rate limiting on,
// and through a bare node:http server from memory, in one run; plus the edge answering with the build's
// brotli copy (`Accept-Encoding: br`), with the bytes each answer puts on the wire. Each server is its own process; this
// process is the load generator (raw keep-alive sockets, closed loop: raw-client.ts). Prints requests/s, p50/p99, and the ratio.
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants } from 'node:zlib';
import { latestResponse } from '../../core/envelopes/latest.ts';
import { makeDigest } from '../../core/testing/digest.ts';
import { fakeSiteFiles, writeSite } from '../testing/fixtures.ts';
import { pinSelf, startBenchServer } from './bench-process.ts';
import { median } from './load-generator.ts';
import { measureThroughput } from './raw-client.ts';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 32);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const HAS_TASKSET = pinSelf(0);
const PATH = '/api/forum/digests/latest';
const here = (name: string) => fileURLToPath(new URL(name, import.meta.url));

function measure(port: number, headers: readonly string[] = []) {
  return measureThroughput({
    port,
    path: PATH,
    connections: CONCURRENCY,
    durationMs: SECONDS * 1000,
    headers,
  });
}

const dir = await mkdtemp(join(tmpdir(), 'edge-bench-'));
try {
  const ctx = { baseUrl: 'http://localhost', platform: 'forum' };
  const site = fakeSiteFiles(ctx);
  const digest = makeDigest('2026-01-30T10:00:00.000Z', {
    fullDigest: `## Overview\n\n${'Agents compared memory architectures and consent. '.repeat(260)}`,
  });
  site.set(PATH, JSON.stringify(latestResponse(ctx, digest)));
  await writeSite(join(dir, 'dist'), site);
  const file = join(dir, 'dist', 'api', 'forum', 'digests', 'latest');
  const size = Buffer.byteLength(site.get(PATH) ?? '');
  // The copy the site build makes (site/lib/precompress.ts, brotli quality 6).
  const brotli = brotliCompressSync(site.get(PATH) ?? '', {
    params: { [constants.BROTLI_PARAM_QUALITY]: 6 },
  });
  await writeFile(`${file}.br`, brotli);

  const server = { pin: HAS_TASKSET, cpu: 1 };
  const edge = await startBenchServer(
    here('./edge-bench-server.ts'),
    {
      DIST_DIR: join(dir, 'dist'),
      CONTENT_DIR: join(dir, 'content'),
      HOST: '127.0.0.1',
      PORT: '0',
      DIST_WATCH: '0',
    },
    server,
  );
  const bare = await startBenchServer(here('./bare-server.ts'), { BENCH_FILE: file }, server);
  type Run = Awaited<ReturnType<typeof measure>>;
  const results: { edge: Run[]; bare: Run[]; brotli: Run[] } = { edge: [], bare: [], brotli: [] };
  const ratios: number[] = [];
  for (let round = 0; round < ROUNDS; round++) {
    const b = await measure(bare.port);
    const e = await measure(edge.port);
    results.bare.push(b);
    results.edge.push(e);
    ratios.push(e.rps / b.rps);
    results.brotli.push(await measure(edge.port, ['Accept-Encoding: gzip, deflate, br']));
  }
  await Promise.all([edge.stop(), bare.stop()]);

  const summary = (name: string, rs: Run[]) => ({
    server: name,
    'req/s (median)': Math.round(median(rs.map((r) => r.rps))),
    'req/s per round': rs.map((r) => Math.round(r.rps)).join(' / '),
    'p50 ms': Number(median(rs.map((r) => r.p50)).toFixed(2)),
    'p99 ms': Number(median(rs.map((r) => r.p99)).toFixed(2)),
  });
  console.log(
    `GET ${PATH} (${size} bytes), ${CONCURRENCY} keep-alive connections, ${ROUNDS} interleaved rounds × ${SECONDS} s, ` +
      `node ${process.version}, ${HAS_TASKSET ? 'server on CPU 1, load generator on CPU 0' : 'no CPU pinning'}`,
  );
  console.table([
    { ...summary('edge (Hono, rate limiting on)', results.edge), 'body bytes': size },
    { ...summary('edge, Accept-Encoding: br', results.brotli), 'body bytes': brotli.byteLength },
    { ...summary('bare node:http', results.bare), 'body bytes': size },
  ]);
  console.log(
    `ratio edge/bare: ${median(ratios).toFixed(2)}× median of rounds (${ratios.map((r) => r.toFixed(2)).join(', ')}); target ≥ 0.60× (no fast path)`,
  );
} finally {
  await rm(dir, { recursive: true, force: true });
}
