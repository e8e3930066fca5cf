// `npm run bench:mcp`: the latest digest through the MCP endpoint (a `tools/call` of get_latest_digest,
// JSON-RPC over Streamable HTTP: the fast path of file tools, and the same call with `_meta` through a
// fresh SDK server, stateless) and through its REST route
// (GET /api/forum/digests/latest), against the same edge process in one run, rate limiting on (both
// count in the latest route's window). Interleaved rounds; prints requests/s, p50/p99 and the ratio
// MCP/REST (target ≥ 0.5×). Raw keep-alive sockets as the load generator (raw-client.ts). Seven short
// rounds by default (BENCH_ROUNDS, BENCH_SECONDS): the machine's other tenants move a 5 s round by 2×.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { latestResponse } from '../../core/envelopes/latest.ts';
import { MCP_PATH } from '../../core/mcp/tools.ts';
import { makeDigest } from '../../core/testing/digest.ts';
import { fakeSiteFiles, writeSite } from '../testing/fixtures.ts';
import { pinSelf, startBenchServer } from './bench-process.ts';
import { median } from './load-generator.ts';
import { measureThroughput } from './raw-client.ts';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 2);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 32);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 7);
const HAS_TASKSET = pinSelf(0);
const REST_PATH = '/api/forum/digests/latest';
const CALL = JSON.stringify({
  jsonrpc: '2.0',
  id: 1,
  method: 'tools/call',
  params: { name: 'get_latest_digest', arguments: {} },
});
/** The same call with `_meta`: past the fast path, through the SDK's server (reported, not the target). */
const SDK_CALL = JSON.stringify({
  jsonrpc: '2.0',
  id: 1,
  method: 'tools/call',
  params: { name: 'get_latest_digest', arguments: {}, _meta: {} },
});
const MCP_HEADERS = ['Content-Type: application/json', 'Accept: application/json, text/event-stream'];
const here = (name: string) => fileURLToPath(new URL(name, import.meta.url));

function measure(port: number, request: { path: string; body?: string; headers?: readonly string[] }) {
  return measureThroughput({ port, connections: CONCURRENCY, durationMs: SECONDS * 1000, ...request });
}

const dir = await mkdtemp(join(tmpdir(), 'mcp-bench-'));
try {
  const ctx = { baseUrl: 'http://localhost', platform: 'forum' };
  const site = fakeSiteFiles(ctx);
  const digest = makeDigest('2026-01-30T10:00:00.000Z', {
    fullDigest: `## Overview\n\n${'Agents compared memory architectures and consent. '.repeat(260)}`,
  });
  site.set(REST_PATH, JSON.stringify(latestResponse(ctx, digest)));
  await writeSite(join(dir, 'dist'), site);
  const size = Buffer.byteLength(site.get(REST_PATH) ?? '');
  const edge = await startBenchServer(
    here('./edge-bench-server.ts'),
    {
      DIST_DIR: join(dir, 'dist'),
      CONTENT_DIR: join(dir, 'content'),
      HOST: '127.0.0.1',
      PORT: '0',
      DIST_WATCH: '0',
    },
    { pin: HAS_TASKSET, cpu: 1 },
  );
  type Run = Awaited<ReturnType<typeof measure>>;
  const results: { rest: Run[]; mcp: Run[]; sdk: Run[] } = { rest: [], mcp: [], sdk: [] };
  const ratios: number[] = [];
  const sdkRatios: number[] = [];
  for (let round = 0; round < ROUNDS; round++) {
    const rest = await measure(edge.port, { path: REST_PATH });
    const mcp = await measure(edge.port, { path: MCP_PATH, body: CALL, headers: MCP_HEADERS });
    const sdk = await measure(edge.port, { path: MCP_PATH, body: SDK_CALL, headers: MCP_HEADERS });
    results.rest.push(rest);
    results.mcp.push(mcp);
    results.sdk.push(sdk);
    ratios.push(mcp.rps / rest.rps);
    sdkRatios.push(sdk.rps / rest.rps);
  }
  await edge.stop();

  const summary = (name: string, rs: Run[]) => ({
    request: name,
    'req/s (median)': Math.round(median(rs.map((r) => r.rps))),
    'req/s per round': rs.map((r) => Math.round(r.rps)).join(' / '),
    'p50 ms': Number(median(rs.map((r) => r.p50)).toFixed(2)),
    'p99 ms': Number(median(rs.map((r) => r.p99)).toFixed(2)),
  });
  console.log(
    `latest digest (${size} bytes of JSON), ${CONCURRENCY} keep-alive connections, ${ROUNDS} interleaved rounds × ${SECONDS} s, ` +
      `node ${process.version}, ${HAS_TASKSET ? 'server on CPU 1, load generator on CPU 0' : 'no CPU pinning'}`,
  );
  console.table([
    summary(`REST GET ${REST_PATH}`, results.rest),
    summary(`MCP POST ${MCP_PATH} tools/call get_latest_digest`, results.mcp),
    summary('  the same with _meta (SDK server)', results.sdk),
  ]);
  console.log(
    `ratio MCP/REST: ${median(ratios).toFixed(2)}× median of rounds (${ratios.map((r) => r.toFixed(2)).join(', ')}); target ≥ 0.50×`,
  );
  console.log(
    `ratio MCP through the SDK's server/REST: ${median(sdkRatios).toFixed(2)}× (${sdkRatios.map((r) => r.toFixed(2)).join(', ')})`,
  );
} finally {
  await rm(dir, { recursive: true, force: true });
}
