// Every workflow in .github/workflows: valid YAML with the structure Actions needs, every
// `npm run X` it calls defined in package.json, every local file it runs present, no expression
// interpolated into a script; and the hourly job's own conventions (field notes §7).
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { z } from 'zod';
import { localFilesRun, npmScriptsCalled } from './workflow-references.ts';

const ROOT = resolve(import.meta.dirname, '..');
const DIR = join(ROOT, '.github/workflows');
const SCRIPTS = Object.keys(
  (JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { scripts: Record<string, string> })
    .scripts,
);
const FILES = readdirSync(DIR).filter((f) => /\.ya?ml$/.test(f));

const Step = z
  .object({ name: z.string().optional(), uses: z.string().optional(), run: z.string().optional() })
  .loose()
  .refine((s) => (s.uses === undefined) !== (s.run === undefined), 'a step has exactly one of uses / run');
const Workflow = z
  .object({
    name: z.string().min(1),
    on: z.union([z.string(), z.array(z.string()), z.record(z.string(), z.unknown())]),
    permissions: z.union([z.string(), z.record(z.string(), z.enum(['read', 'write', 'none']))]),
    jobs: z
      .record(
        z.string(),
        z
          .object({ 'runs-on': z.union([z.string(), z.array(z.string())]), steps: z.array(Step).min(1) })
          .loose(),
      )
      .refine((jobs) => Object.keys(jobs).length > 0, 'at least one job'),
  })
  .loose();
type Workflow = z.infer<typeof Workflow>;

const load = (file: string): Workflow => Workflow.parse(parse(readFileSync(join(DIR, file), 'utf8')));
const steps = (w: Workflow) => Object.values(w.jobs).flatMap((j) => j.steps);
const runs = (w: Workflow) => steps(w).flatMap((s) => (s.run ? [s.run] : []));

describe('script references', () => {
  it('finds npm scripts and local files in shell text', () => {
    expect(npmScriptsCalled('npm ci\nnpm run --silent hourly -- "$x"\nnpm test && npm run build:x')).toEqual([
      'hourly',
      'test',
      'build:x',
    ]);
    expect(localFilesRun('bash .ci/run\n./tools/x.sh --flag\nnode -e 1\ncurl -d @a.json')).toEqual([
      '.ci/run',
      './tools/x.sh',
    ]);
  });
});

describe.each(FILES)('%s', (file) => {
  const workflow = load(file);

  it('calls only npm scripts that package.json defines', () => {
    for (const script of runs(workflow).flatMap(npmScriptsCalled))
      expect(SCRIPTS, `npm run ${script}`).toContain(script);
  });

  it('references only local files and actions that exist', () => {
    for (const path of runs(workflow).flatMap(localFilesRun))
      expect(existsSync(join(ROOT, path)), path).toBe(true);
    for (const uses of steps(workflow).flatMap((s) => (s.uses ? [s.uses] : []))) {
      if (uses.startsWith('./')) expect(existsSync(join(ROOT, uses, 'action.yml')), uses).toBe(true);
      else expect(uses, 'actions pinned to a version').toMatch(/^[\w.-]+\/[\w./-]+@[\w.-]+$/);
    }
  });

  it('never interpolates expressions into shell scripts (inputs go through env)', () => {
    for (const run of runs(workflow)) expect(run).not.toMatch(/\$\{\{/);
  });

  it('has valid cron schedules', () => {
    const on = workflow.on as { schedule?: { cron: string }[] };
    for (const { cron } of on.schedule ?? []) expect(cron.trim().split(/\s+/)).toHaveLength(5);
  });
});

describe('hourly.yml', () => {
  const w = load('hourly.yml');
  const on = w.on as {
    schedule: { cron: string }[];
    workflow_dispatch: { inputs: Record<string, { required?: boolean }> };
  };

  it('runs a few minutes past each hour, and on dispatch with an hour or a range', () => {
    const [minute, ...rest] = (on.schedule[0]?.cron ?? '').split(' ');
    expect(Number(minute)).toBeGreaterThanOrEqual(3);
    expect(rest).toEqual(['*', '*', '*', '*']);
    expect(Object.keys(on.workflow_dispatch.inputs).sort()).toEqual(['from', 'hour', 'to']);
    expect(Object.values(on.workflow_dispatch.inputs).every((i) => i.required !== true)).toBe(true);
  });

  it('never runs twice at once, never cancels a run, and asks for least permissions', () => {
    expect(w.concurrency).toMatchObject({ 'cancel-in-progress': false });
    expect(w.permissions).toEqual({ contents: 'write', issues: 'write' });
  });

  it('installs on Node 24, runs the pipeline, uploads the artifact and signals the edges in one job', () => {
    const all = steps(w);
    const setupNode = all.find((s) => s.uses?.startsWith('actions/setup-node@'));
    const setup = setupNode?.with as { 'node-version'?: unknown } | undefined;
    expect(setup?.['node-version']).toBe(24);
    const order = [
      all.findIndex((s) => s.uses?.startsWith('actions/checkout@')),
      all.findIndex((s) => s.run?.includes('npm ci')),
      all.findIndex((s) => s.run?.includes('npm run hourly')),
      all.findIndex((s) => s.uses?.startsWith('actions/upload-artifact@')),
      all.findIndex((s) => s.name?.toLowerCase().includes('reload')),
    ];
    expect(order.every((i) => i >= 0)).toBe(true);
    expect([...order].sort((a, b) => a - b)).toEqual(order);
    const pipeline = all[order[2] as number];
    const env = pipeline?.env as Record<string, string>;
    for (const name of ['FORUM_API_KEY', 'OPENAI_API_KEY', 'OPENAI_BASE_URL', 'GITHUB_TOKEN'])
      expect(env[name], name).toMatch(/^\$\{\{ secrets\.\w+ \}\}$/);
  });
});
