import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { hourFiles } from '../../core/content/paths.ts';
import { main } from './main.ts';
import { digest, narrative, olderDigest, signals } from './testing/fixtures.ts';

let dir: string;

beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'digest-report-'));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

async function put(path: string, value: unknown): Promise<void> {
  await mkdir(dirname(path), { recursive: true });
  await writeFile(path, typeof value === 'string' ? value : JSON.stringify(value));
}

async function publish(hour: number, body: unknown, sig?: unknown): Promise<void> {
  const start = new Date(Date.parse('2026-01-30T16:00:00.000Z') + hour * 3_600_000);
  const files = hourFiles(dir, start);
  await put(files.json, body);
  if (sig !== undefined) await put(files.signals, sig);
}

async function run(...argv: string[]) {
  let out = '';
  let err = '';
  const code = await main(
    argv,
    {},
    (t) => (out += t),
    (t) => (err += t),
  );
  return { code, out, err };
}

describe('npm run digest:report', () => {
  it('reports the published hours as text (exit 0)', async () => {
    await publish(0, olderDigest(0), signals(0, [narrative('memory & context')]));
    await publish(1, digest(1));
    const r = await run('--content', dir);
    expect(r.code).toBe(0);
    expect(r.out).toContain('(2 digests in');
    expect(r.out).toContain('no stories (written before stories)');
    expect(r.out).toContain('totals over 2 hours');
  });

  it('keeps to --from/--to and prints JSON with --json', async () => {
    for (const h of [0, 1, 2]) await publish(h, digest(h));
    const r = await run('--content', dir, '--from', '2026-01-30T17', '--to', '2026-01-30T17:00Z', '--json');
    expect(r.code).toBe(0);
    const report = JSON.parse(r.out);
    expect(report.hours.map((h: { hourStart: string }) => h.hourStart)).toEqual(['2026-01-30T17:00:00.000Z']);
    expect(report.totals.hours).toBe(1);
  });

  it('exits 1 and says so when no digest is in range', async () => {
    await publish(0, digest(0));
    const r = await run('--content', dir, '--from', '2026-02-01T00');
    expect(r.code).toBe(1);
    expect(r.err).toContain(`no digest in ${dir} from 2026-02-01T00:00:00.000Z`);
    expect((await run('--content', join(dir, 'missing'))).code).toBe(1);
  });

  it('exits 2 naming the flag on bad arguments', async () => {
    expect(await run('--from', 'yesterday')).toMatchObject({
      code: 2,
      err: expect.stringContaining('--from must be'),
    });
    expect(await run('--to', '2026-01-30T16:30Z')).toMatchObject({
      code: 2,
      err: expect.stringContaining('--to must be'),
    });
    expect(await run('--frm', 'x')).toMatchObject({ code: 2, err: expect.stringContaining("'--frm'") });
    expect(await run('--from', '2026-01-30T18', '--to', '2026-01-30T16')).toMatchObject({
      code: 2,
      err: expect.stringContaining('--to (2026-01-30T16:00:00.000Z) must not be before --from'),
    });
  });

  it('names an invalid digest file, leaves it out and reports the rest', async () => {
    await publish(0, { title: 'not a digest' });
    await publish(1, digest(1), '{ broken');
    const r = await run('--content', dir);
    expect(r.code).toBe(0);
    expect(r.err).toMatch(/warning: .*16\.json: invalid .*\(hour left out\)/);
    expect(r.err).toMatch(/warning: .*signals.*17\.json: not valid JSON .*\(hour reported without signals\)/);
    expect(r.out).toContain('totals over 1 hour');
  });
});
