import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { parseCliArgs, USAGE } from './cli-args.ts';

const CLI = fileURLToPath(new URL('./cli.ts', import.meta.url));

describe('parseCliArgs', () => {
  it('reads every flag', () => {
    expect(
      parseCliArgs([
        '--port',
        '0',
        '--seed',
        '7',
        '--posts-per-hour',
        '500',
        '--dialect',
        'opensource',
        '--now',
        '2026-02-10T12:05:00Z',
        '--api-key',
        'k',
        '--max-page-size',
        '50',
        '--rate-limit-per-minute',
        '60',
      ]),
    ).toEqual({
      kind: 'run',
      options: {
        port: 0,
        seed: 7,
        postsPerHour: 500,
        dialect: 'opensource',
        now: new Date('2026-02-10T12:05:00Z'),
        apiKey: 'k',
        maxPageSize: 50,
        rateLimitPerMinute: 60,
      },
    });
    expect(parseCliArgs(['--help'])).toEqual({ kind: 'help' });
    expect(USAGE).toContain('--rate-limit-per-minute <n>');
  });

  it.each([
    [['--port', 'abc'], /--port/],
    [['--port', '70000'], /--port must be from 0 to 65535/],
    [['--seed', '1.5'], /--seed/],
    [['--posts-per-hour', '-3'], /--posts-per-hour/],
    [['--dialect', 'cursor'], /--dialect must be one of/],
    [['--now', 'yesterday'], /--now/],
    [['--rate-limit-per-minute', '0'], /--rate-limit-per-minute must be from 1 to 1000000/],
    [['--rate-limit-per-minute', 'many'], /--rate-limit-per-minute must be a whole number/],
    [['--bogus'], /bogus/],
  ])('rejects %j naming the flag', (argv, message) => {
    const r = parseCliArgs(argv);
    expect(r.kind).toBe('error');
    expect(r.kind === 'error' && r.message).toMatch(message);
  });
});

function run(args: string[]) {
  return spawn(process.execPath, ['--import', 'tsx', CLI, ...args], { stdio: ['ignore', 'pipe', 'pipe'] });
}

describe('cli', () => {
  it('exits 2 with a message on a bad flag', async () => {
    const child = run(['--seed', 'x']);
    let stderr = '';
    child.stderr.on('data', (d: Buffer) => {
      stderr += d.toString();
    });
    const code = await new Promise((resolve) => child.once('exit', resolve));
    expect(code).toBe(2);
    expect(stderr).toMatch(/error: --seed must be a whole number/);
  });

  it('prints its base URL, serves, and stops cleanly on SIGTERM', async () => {
    const child = run([
      '--port',
      '0',
      '--seed',
      '4',
      '--posts-per-hour',
      '100',
      '--now',
      '2026-02-10T12:05:00Z',
    ]);
    const url = await new Promise<string>((resolve, reject) => {
      child.stdout.on('data', (d: Buffer) => {
        const m = /(http:\/\/127\.0\.0\.1:\d+\/api\/v1)/.exec(d.toString());
        if (m?.[1]) resolve(m[1]);
      });
      child.once('exit', (code) => reject(new Error(`exited ${code}`)));
    });
    const res = await fetch(`${url}/posts?sort=new&limit=3`);
    expect(((await res.json()) as { posts: unknown[] }).posts).toHaveLength(3);
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGTERM');
    expect(await exited).toBe(0);
  });
});
