// `npm run bench:pay`: what the x402 payment costs on top of the facilitator, in one run. A local dev
// chain (tools/dev-chain, in this process) and a real edge with the embedded facilitator (its own
// process, edge/bench/edge-bench-server.ts, rate limits raised). Two parts:
//  1. paid round trips: sequential paid GET /api/forum/digests with @x402/fetch and viem accounts
//     (402 → sign → retry → 200, body read), each next to the facilitator's own verify and settle time
//     for that payment, read from the edge's gate over IPC; overhead = round trip − (verify + settle).
//  2. unpaid 402 challenges per second on the paid route against the free static route
//     (/api/forum/digests/latest), same raw-socket load generator, interleaved rounds; also shown
//     (not the target): the 402 of a request with a query, which the app validates first.
// Prints PASS/MISS per target; exits non-zero only on errors (a wrong status, a failed payment…).
// Knobs: BENCH_PAYMENTS (200) after BENCH_WARMUP (10) from BENCH_PAYERS (4); BENCH_ROUNDS (5) ×
// BENCH_SECONDS (3, after 1.5 s of warm-up) on BENCH_CONCURRENCY (32) connections. About a minute.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { addHours, floorHour } from '../../core/hours.ts';
import { routeById, routePath } from '../../core/routes.ts';
import { makeDigest } from '../../core/testing/digest.ts';
import { type BenchServer, pinSelf, startBenchServer } from '../../edge/bench/bench-process.ts';
import { median, quantile } from '../../edge/bench/load-generator.ts';
import { runRaw } from '../../edge/bench/raw-client.ts';
import { askTimings } from '../../edge/bench/timings-channel.ts';
import { fakeSiteFiles, writeContent, writeSite } from '../../edge/testing/fixtures.ts';
import { type DevChain, startDevChain, USDC_DECIMALS } from '../dev-chain/index.ts';
import { type PaidRequestTiming, timedPayer } from './timed-payer.ts';

const PAYMENTS = Number(process.env.BENCH_PAYMENTS ?? 200);
const WARMUP = Number(process.env.BENCH_WARMUP ?? 10);
const PAYERS = Number(process.env.BENCH_PAYERS ?? 4);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 3);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 32);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);
const OVERHEAD_TARGET_MS = 10;
const RATIO_TARGET = 0.5;

const PLATFORM = 'forum';
const PAID_ROUTE = routeById('history');
const PAID = routePath(PAID_ROUTE, PLATFORM);
const FREE = routePath(routeById('latest'), PLATFORM);
const PINNED = pinSelf(0);
const here = (name: string) => fileURLToPath(new URL(name, import.meta.url));

/** A paid request with the facilitator's own times for its payment. */
interface Payment extends PaidRequestTiming {
  readonly verifyMs: number;
  readonly settleMs: number;
}

/** content/ with the last 6 complete hours (real clock) and a built-site-like dist/ under `dir`. */
async function writeBenchData(dir: string): Promise<void> {
  const newest = addHours(floorHour(new Date()), -1);
  await writeContent(
    join(dir, 'content'),
    Array.from({ length: 6 }, (_, i) => makeDigest(addHours(newest, -i).toISOString())),
  );
  await writeSite(join(dir, 'dist'), fakeSiteFiles({ baseUrl: 'http://localhost', platform: PLATFORM }));
}

/** Part 1: `WARMUP + PAYMENTS` sequential paid requests, payers taking turns; the warm-up is dropped. */
async function measurePayments(edge: BenchServer, chain: DevChain): Promise<Payment[]> {
  const payers = chain.payers.map((p) => timedPayer(p.privateKey));
  const url = `http://127.0.0.1:${edge.port}${PAID}`;
  let seen = await askTimings(edge.child);
  const payments: Payment[] = [];
  for (let i = 0; i < WARMUP + PAYMENTS; i++) {
    const pay = payers[i % payers.length];
    if (!pay) throw new Error('no payer');
    const r = await pay(url);
    if (r.status !== 200 || !r.paymentResponse || r.legs !== 2) {
      throw new Error(
        `payment ${i}: status ${r.status}, PAYMENT-RESPONSE ${r.paymentResponse}, ${r.legs} legs ${r.failure ?? ''}`,
      );
    }
    const now = await askTimings(edge.child);
    const verify = now.verifyMs.slice(seen.verifyMs.length);
    const settle = now.settleMs.slice(seen.settleMs.length);
    seen = now;
    if (verify.length !== 1 || settle.length !== 1) {
      throw new Error(`payment ${i}: the gate recorded ${verify.length} verify, ${settle.length} settle`);
    }
    if (i >= WARMUP) payments.push({ ...r, verifyMs: verify[0] ?? 0, settleMs: settle[0] ?? 0 });
  }
  return payments;
}

/** Requests per second of one measurement, and its median latency in ms. */
interface Rate {
  readonly rps: number;
  readonly p50: number;
}

/** Part 2, one measurement: req/s of `path` under the raw load generator; every answer must be `status`. */
async function measureRate(port: number, path: string, status: number): Promise<Rate> {
  await runRaw({ port, path, connections: CONCURRENCY, durationMs: 1_500 });
  const r = await runRaw({ port, path, connections: CONCURRENCY, durationMs: SECONDS * 1000 });
  if (r.errors > 0 || r.completed === 0 || [...r.statuses.keys()].some((s) => s !== status)) {
    throw new Error(
      `GET ${path}: expected only ${status}, saw ${r.errors} socket errors, statuses ${[...r.statuses].join(' ')}`,
    );
  }
  return { rps: r.completed / (r.elapsedMs / 1000), p50: quantile(r.latencies, 0.5) };
}

const ms = (x: number) => Number(x.toFixed(2));
const row = (name: string, xs: number[]) => ({
  '': name,
  'p50 ms': ms(median(xs)),
  'p90 ms': ms(quantile(Float64Array.from(xs), 0.9)),
  'min ms': ms(Math.min(...xs)),
  'max ms': ms(Math.max(...xs)),
});

const whole = (x: number, min: number) => Number.isInteger(x) && x >= min;
if (
  !(whole(PAYMENTS, 1) && whole(WARMUP, 0) && whole(PAYERS, 1) && WARMUP + PAYMENTS <= 9_000) ||
  !(whole(ROUNDS, 1) && whole(CONCURRENCY, 1) && SECONDS > 0)
) {
  throw new Error(
    'want whole BENCH_PAYMENTS ≥ 1, BENCH_WARMUP ≥ 0 (at most 9,000 payments in all), BENCH_PAYERS ≥ 1, ' +
      'BENCH_ROUNDS ≥ 1, BENCH_CONCURRENCY ≥ 1, and BENCH_SECONDS > 0',
  );
}
const unit = 10n ** BigInt(USDC_DECIMALS);
const price = BigInt(Math.round(Number(PAID_ROUTE.priceUsd) * 10 ** USDC_DECIMALS));
const perPayer = BigInt(Math.ceil((WARMUP + PAYMENTS) / PAYERS));
const dir = await mkdtemp(join(tmpdir(), 'pay-bench-'));
let chain: DevChain | undefined;
let edge: BenchServer | undefined;
try {
  await writeBenchData(dir);
  // Blocks may share a second, or the payments would push the chain's clock past their validity.
  chain = await startDevChain({ payers: PAYERS, fundUsdc: perPayer * price + unit, sameSecondBlocks: true });
  edge = await startBenchServer(
    here('../../edge/bench/edge-bench-server.ts'),
    {
      DIST_DIR: join(dir, 'dist'),
      CONTENT_DIR: join(dir, 'content'),
      STATE_DIR: join(dir, 'state'),
      HOST: '127.0.0.1',
      PORT: '0',
      DIST_WATCH: '0',
      ANALYSER: 'offline',
      PAY_TO: chain.payTo.address,
      FACILITATOR_PRIVATE_KEY: chain.facilitator.privateKey,
      EVM_RPC_URL: chain.rpcUrl,
    },
    { pin: PINNED, cpu: 1, ipc: true },
  );

  const payments = await measurePayments(edge, chain);
  const received = await chain.balanceOf(chain.payTo.address);
  if (received !== BigInt(WARMUP + PAYMENTS) * price) {
    throw new Error(`the payee received ${received} units, expected ${BigInt(WARMUP + PAYMENTS) * price}`);
  }

  const rounds: Array<{ free: Rate; challenge: Rate; queried: Rate }> = [];
  for (let round = 0; round < ROUNDS; round++) {
    const free = await measureRate(edge.port, FREE, 200);
    const challenge = await measureRate(edge.port, PAID, 402);
    // With a query the request is validated by the app (no prebuilt answer): shown, not the target.
    const queried = await measureRate(edge.port, `${PAID}?hours=6&limit=6`, 402);
    rounds.push({ free, challenge, queried });
  }
  const ratios = rounds.map((r) => r.challenge.rps / r.free.rps);

  const pick = (f: (p: Payment) => number) => payments.map(f);
  const vs = pick((p) => p.verifyMs + p.settleMs);
  const overhead = pick((p) => p.totalMs - p.verifyMs - p.settleMs);
  console.log(
    `node ${process.version}, ${PINNED ? 'edge on CPU 1, bench (client + dev chain) on CPU 0' : 'no CPU pinning'}`,
  );
  console.log(
    `\n1. Paid round trip: GET ${PAID} ($${PAID_ROUTE.priceUsd}), ${PAYMENTS} sequential payments after ${WARMUP} warm-up, ` +
      `${PAYERS} payers, @x402/fetch + viem account, embedded facilitator on the dev chain (settled on chain: ${received} units)`,
  );
  const legs: Array<[string, (p: Payment) => number]> = [
    ['round trip (402 → sign → 200, body read)', (p) => p.totalMs],
    ['  unpaid 402 leg', (p) => p.challengeMs],
    ['  client: read challenge + sign', (p) => p.signMs],
    ['  paid leg (to headers)', (p) => p.paidMs],
    ['  paid leg − (verify + settle)', (p) => p.paidMs - p.verifyMs - p.settleMs],
    ['facilitator verify', (p) => p.verifyMs],
    ['facilitator settle', (p) => p.settleMs],
  ];
  console.table([
    ...legs.map(([name, f]) => row(name, pick(f))),
    row('verify + settle', vs),
    row('overhead = round trip − (verify + settle)', overhead),
  ]);
  console.log(
    `\n2. Unpaid challenges: GET ${PAID} (402) vs GET ${FREE} (200, static), ${CONCURRENCY} keep-alive connections, ` +
      `${ROUNDS} interleaved rounds × ${SECONDS} s, rate limiting on (raised)`,
  );
  const rateRow = (name: string, rs: Rate[]) => ({
    route: name,
    'req/s (median)': Math.round(median(rs.map((r) => r.rps))),
    'req/s per round': rs.map((r) => Math.round(r.rps)).join(' / '),
    'p50 ms': ms(median(rs.map((r) => r.p50))),
  });
  const challenges = rounds.map((r) => r.challenge);
  const frees = rounds.map((r) => r.free);
  console.table([
    rateRow(`402 challenge ${PAID}`, challenges),
    rateRow(
      `402 challenge ${PAID}?hours=6&limit=6`,
      rounds.map((r) => r.queried),
    ),
    rateRow(`200 static ${FREE}`, frees),
  ]);

  const overheadP50 = median(overhead);
  const ratio = median(ratios);
  console.log('\nSummary');
  console.table([
    {
      target: `median overhead ≤ ${OVERHEAD_TARGET_MS} ms`,
      measured: `${ms(overheadP50)} ms (round trip ${ms(median(pick((p) => p.totalMs)))} − verify+settle ${ms(median(vs))}, medians of ${PAYMENTS})`,
      result: overheadP50 <= OVERHEAD_TARGET_MS ? 'PASS' : 'MISS',
    },
    {
      target: `402 req/s ≥ ${RATIO_TARGET}× static`,
      measured: `${ratio.toFixed(2)}× (${Math.round(median(challenges.map((r) => r.rps)))} vs ${Math.round(median(frees.map((r) => r.rps)))} req/s; rounds ${ratios.map((r) => r.toFixed(2)).join(', ')})`,
      result: ratio >= RATIO_TARGET ? 'PASS' : 'MISS',
    },
  ]);
} finally {
  await edge?.stop();
  await chain?.close();
  await rm(dir, { recursive: true, force: true });
}
