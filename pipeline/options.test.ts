import { describe, expect, it } from 'vitest';
import { OptionsError, type PipelineOptions, parseOptions } from './options.ts';

const ROOT = '/srv/murmur';
const parse = (argv: string[], env: Record<string, string> = {}) =>
  parseOptions(argv, env, ROOT, '/home/op') as PipelineOptions;

describe('parseOptions', () => {
  it('defaults to the project root as repository, its dist/, and .tmp/hourly for outputs', () => {
    const o = parse(['--now', '2026-01-28T18:07:00Z']);
    expect(o).toMatchObject({
      repo: ROOT,
      contentDir: `${ROOT}/content`,
      distDir: `${ROOT}/dist`,
      outDir: `${ROOT}/.tmp/hourly`,
      stateFile: `${ROOT}/.tmp/hourly/state.json`,
      failureThreshold: 3,
      github: undefined,
      forceDeploy: false,
    });
    expect(o.plan.generate).toEqual([new Date('2026-01-28T17:00:00Z')]);
  });

  it('reads the clock, window and threshold from the environment; flags win', () => {
    const env = {
      MURMUR_NOW: '2026-01-28T18:07:00Z',
      HOURLY_FAILURE_THRESHOLD: '5',
      HOURLY_WINDOW_HOURS: '3',
    };
    expect(parse([], env)).toMatchObject({ now: new Date('2026-01-28T18:07:00Z'), failureThreshold: 5 });
    expect(parse([], env).plan.backfill?.from).toEqual(new Date('2026-01-28T15:00:00Z'));
    expect(parse(['--now', '2026-01-28T10:30:00Z', '--failure-threshold', '2'], env)).toMatchObject({
      now: new Date('2026-01-28T10:30:00Z'),
      failureThreshold: 2,
    });
  });

  it('resolves relative paths against the working directory and treats empty variables as unset', () => {
    const o = parse(['--repo', 'data', '--out', 'out', '--edge-pids', 'edge.pids'], {
      HOURLY_FAILURE_THRESHOLD: '',
      EDGE_PID_FILE: '/run/other.pids',
    });
    expect(o).toMatchObject({
      repo: '/home/op/data',
      contentDir: '/home/op/data/content',
      stateFile: '/home/op/out/state.json',
      edgePidFile: '/home/op/edge.pids',
      failureThreshold: 3,
    });
  });

  it('builds the GitHub target from the Actions variables and keeps the token as a secret', () => {
    const o = parse([], {
      GITHUB_REPOSITORY: 'acme/murmur',
      GITHUB_TOKEN: 'ghs_secretvalue',
      GITHUB_SERVER_URL: 'https://github.com',
      GITHUB_RUN_ID: '42',
      OPENAI_API_KEY: 'sk-test-key',
    });
    expect(o.github).toEqual({
      owner: 'acme',
      repo: 'murmur',
      token: 'ghs_secretvalue',
      apiUrl: 'https://api.github.com',
      runUrl: 'https://github.com/acme/murmur/actions/runs/42',
    });
    expect(o.secrets).toEqual(['ghs_secretvalue', 'sk-test-key']);
    expect(parse([], { GITHUB_REPOSITORY: 'acme/murmur' }).githubMissing).toMatch(/GITHUB_TOKEN/);
  });

  it('passes manual dispatch hours and ranges to the plan', () => {
    const o = parse([
      '--now',
      '2026-01-28T18:07:00Z',
      '--hour',
      '2026-01-28T09',
      '--hour',
      '2026-01-28T10:00Z',
    ]);
    expect(o.plan.generate).toHaveLength(2);
    expect(o.plan.backfill).toBeNull();
  });

  it.each([
    [['--bogus'], /bogus/],
    [['--hour', 'noon'], /--hour must be an exact hour/],
    [['--now', 'soon'], /--now \/ MURMUR_NOW/],
    [['--window', '0'], /--window must be at least 1/],
    [['--failure-threshold', 'x'], /must be a number/],
  ])('rejects %j naming the flag', (argv, message) => {
    expect(() => parse(argv)).toThrow(OptionsError);
    expect(() => parse(argv)).toThrow(message);
  });

  it('rejects a malformed GITHUB_REPOSITORY', () => {
    expect(() => parse([], { GITHUB_REPOSITORY: 'nope', GITHUB_TOKEN: 'ghs_x' })).toThrow(/owner\/name/);
  });

  it('answers help', () => {
    expect(parseOptions(['--help'], {}, ROOT)).toBe('help');
  });
});
