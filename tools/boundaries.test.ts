import { execFile } from 'node:child_process';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

// The boundaries between the parts are lint rules (biome.json, style/noRestrictedImports per folder).
// Each probe below is a file at a place in the tree importing another part; biome lints the probes
// with the repository's own biome.json (version control off, as the probes are not in git).

const root = fileURLToPath(new URL('..', import.meta.url));
const biome = join(root, 'node_modules', '.bin', 'biome');

/** Probe files importing another part, whose import the lint must refuse. */
const forbidden: Record<string, string> = {
  'core/probe-generator.ts': "import { x } from '../generator/jobs.ts';",
  'core/advisor/probe-edge.ts': "const x = import('../../edge/app.ts');",
  'core/probe-tools.ts': "import { x } from '../tools/keys.ts';",
  'generator/probe-site.ts': "import { x } from '../site/lib/links.ts';",
  'generator/forum/probe-edge.ts': "export { x } from '../../edge/app.ts';",
  'site/lib/probe-generator.ts': "import { x } from '../../generator/jobs.ts';",
  'site/pages/probe-edge.astro': "---\nimport { x } from '../../edge/app.ts';\nconst y = x;\n---\n<p>{y}</p>",
  'edge/probe-tools.ts': "import { x } from '../tools/pay/run.ts';",
  'edge/paid/probe-generator.ts': "import { x } from '../../generator/jobs.ts';",
  'edge/probe-pipeline.ts': "import { x } from '../pipeline/cli.ts';",
  'edge/probe-test.ts': "import { x } from '../test/cli.ts';",
  'pipeline/probe-edge.ts': "import { x } from '../edge/app.ts';",
  'pipeline/probe-tools.ts': "import { x } from '../tools/keys.ts';",
};

/** Probe files whose import is allowed: every part imports core/; the pipeline runs the generator and the site build; tools/ and test/ import anything. */
const allowed: Record<string, string> = {
  'edge/probe-core.ts': "import { x } from '../core/routes.ts';",
  'site/lib/probe-core.ts': "import { x } from '../../core/routes.ts';",
  'pipeline/probe-generator.ts': "import { x } from '../generator/jobs.ts';",
  'pipeline/probe-site.ts': "import { x } from '../site/lib/build-command.ts';",
  'tools/probe-edge.ts': "import { x } from '../edge/app.ts';",
  'test/probe-edge.ts': "import { x } from '../edge/app.ts';",
};

interface Diagnostic {
  category: string;
  message: string;
  location: { path: string };
}

let dir: string;
let diagnostics: Diagnostic[];

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'murmur-boundaries-'));
  const config = JSON.parse(await readFile(join(root, 'biome.json'), 'utf8'));
  delete config.$schema;
  config.vcs = { enabled: false };
  await writeFile(join(dir, 'biome.json'), JSON.stringify(config));
  for (const [path, source] of Object.entries({ ...forbidden, ...allowed })) {
    await mkdir(join(dir, dirname(path)), { recursive: true });
    await writeFile(join(dir, path), `${source}\n`);
  }
  const stdout = await new Promise<string>((resolve) => {
    // Exits 1 when it reports errors: the report is what is read.
    execFile(
      biome,
      ['lint', '--reporter=json', '--only=style/noRestrictedImports', '.'],
      { cwd: dir },
      (_e, out) => resolve(out),
    );
  });
  diagnostics = (JSON.parse(stdout) as { diagnostics: Diagnostic[] }).diagnostics;
});
afterAll(() => rm(dir, { recursive: true, force: true }));

describe('part boundaries (biome.json)', () => {
  it('fail the lint where a part imports another part, core/ imports a part, or a part imports tools/', () => {
    const failed = new Set(
      diagnostics.filter((d) => d.category === 'lint/style/noRestrictedImports').map((d) => d.location.path),
    );
    expect([...failed].sort()).toEqual(Object.keys(forbidden).sort());
  });

  it('name the rule in the message', () => {
    const edge = diagnostics.find((d) => d.location.path === 'edge/probe-tools.ts');
    expect(edge?.message).toMatch(/^edge\/ imports core\/ only/);
  });
});
