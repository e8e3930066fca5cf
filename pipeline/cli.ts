// `npm run hourly`: the hourly publishing pipeline, as the workflow runs it (.github/workflows/hourly.yml).
import { resolve } from 'node:path';
import { createLogger } from './log.ts';
import { OptionsError, parseOptions, USAGE } from './options.ts';
import { createRedactor, pipelineSecrets } from './redact.ts';
import { runPipeline } from './run-pipeline.ts';

const ROOT = resolve(import.meta.dirname, '..');

let options: ReturnType<typeof parseOptions>;
try {
  options = parseOptions(process.argv.slice(2), process.env, ROOT);
} catch (error) {
  if (!(error instanceof OptionsError)) throw error;
  const redact = createRedactor(pipelineSecrets(process.env));
  process.stderr.write(`error: ${redact(error.message)}\n${USAGE}\n`);
  process.exit(2);
}
if (options === 'help') {
  process.stdout.write(`${USAGE}\n`);
  process.exit(0);
}
const redact = createRedactor(options.secrets);
const log = createLogger(redact);
const { plan } = options;
log.info(
  `run at ${options.now.toISOString()}: ` +
    (plan.backfill
      ? `backfill missing ${plan.backfill.from.toISOString()} … ${plan.backfill.to.toISOString()}, `
      : '') +
    `generate ${plan.generate.map((h) => h.toISOString()).join(', ') || '—'}`,
);
const result = await runPipeline(options, log, redact);
log.info(
  result.outcome === 'failed'
    ? `failed in step ${result.step} (exit ${result.exitCode}, ${result.consecutiveFailures} failure(s) in a row)`
    : `done: ${result.outcome}${result.commit ? ` as ${result.commit.slice(0, 12)}` : ''}${result.deployed ? ', deployed' : ''}`,
);
process.exitCode = result.exitCode;
