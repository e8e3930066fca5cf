import { spawn } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { packSite, parsePidFile, signalEdges, writeReloadMarker } from './deploy.ts';
import { runCommand } from './run-command.ts';
import { put } from './testing/git-fixture.ts';

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'murmur-deploy-'));
});
afterAll(() => rm(dir, { recursive: true, force: true }));

describe('packSite', () => {
  it('packs the folder contents at the archive root, with size and checksum', async () => {
    await put(join(dir, 'dist/index.html'), '<h1>hi</h1>');
    await put(join(dir, 'dist/api/forum/digests/latest'), '{}');
    const artifact = await packSite(join(dir, 'dist'), join(dir, 'out'));
    expect(artifact.path).toBe(join(dir, 'out/site.tar.gz'));
    expect(artifact.sha256).toMatch(/^[0-9a-f]{64}$/);
    const listing = await runCommand('tar', ['-tzf', artifact.path], { cwd: dir });
    expect(listing.stdout.split('\n')).toEqual(
      expect.arrayContaining(['./index.html', './api/forum/digests/latest']),
    );
    const marker = await writeReloadMarker(join(dir, 'out'), {
      commit: 'a'.repeat(40),
      builtAt: '2026-01-28T18:08:00.000Z',
      newestHour: '2026-01-28T17:00:00.000Z',
      artifact: artifact.path,
      sha256: artifact.sha256,
      bytes: artifact.bytes,
    });
    expect(JSON.parse(await readFile(marker, 'utf8')).sha256).toBe(artifact.sha256);
  });
});

describe('edge pid file', () => {
  it('reads one pid a line, with comments and blank lines', () => {
    expect(parsePidFile('# edge instances\n123\n\n456 # second\n', 'pids')).toEqual([123, 456]);
    expect(() => parsePidFile('123\nabc\n', 'edge.pids')).toThrow(/edge.pids:2: not a process id/);
  });

  it('sends SIGHUP to live processes and reports the gone ones', async () => {
    // A stand-in edge: prints "ready", then "reloaded" on SIGHUP and exits.
    const edge = spawn(
      process.execPath,
      [
        '-e',
        'process.on("SIGHUP",()=>{console.log("reloaded");process.exit(0)});console.log("ready");setInterval(()=>{},1000)',
      ],
      { stdio: ['ignore', 'pipe', 'inherit'] },
    );
    let out = '';
    await new Promise<void>((ready) =>
      edge.stdout.on('data', (d: Buffer) => {
        out += d.toString();
        if (out.includes('ready')) ready();
      }),
    );
    const exited = new Promise<number | null>((done) => edge.once('exit', done));
    const gone = 2 ** 22 + 12345; // above Linux's default pid_max: never a live process
    await writeFile(join(dir, 'edge.pids'), `${edge.pid}\n${gone}\n`);
    expect(await signalEdges(join(dir, 'edge.pids'))).toEqual({ signalled: [edge.pid], gone: [gone] });
    expect(await exited).toBe(0);
    expect(out).toContain('reloaded');
  });
});
