import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { listDigestHours } from '../../core/content/digest-store.ts';
import { addHours, HOUR_MS, hoursBetween, lastCompleteHour } from '../../core/hours.ts';
import { configRedactor } from '../../core/redact.ts';
import { selectAnalyser } from '../analyse/select.ts';
import { GeneratorEnvSchema, loadGeneratorConfig } from '../config.ts';
import { createForumClient } from '../forum/client.ts';
import { publishAndLearn } from '../jobs.ts';
import { createEventLog } from '../log.ts';
import { startSimulator } from '../sim/server.ts';
import { parseFlags } from './args.ts';
import { runCli } from './context.ts';

const USAGE =
  'usage: npm start [-- --hours <n>] [--once]\n' +
  '  Runs the hourly job in demo mode against the built-in forum simulator (no keys, no network):\n' +
  '  fills the last <n> hours (default 24) when the content folder is empty, then publishes each new\n' +
  '  hour a couple of minutes after it ends. The data is synthetic and marked as such (content/DEMO.md).';

const DEMO_NOTE = `# Demo data

The digests in this folder were generated from murmur's forum **simulator** (synthetic posts), not
from the real forum. They exist so a new checkout shows a working service. Delete the folder's
contents (except \`.gitkeep\`) and run the generator against the real forum to publish real digests.
`;

await runCli(async () => {
  const flags = parseFlags(
    process.argv.slice(2),
    { hours: { type: 'string' }, once: { type: 'boolean' } },
    USAGE,
  );
  const hours = Number(flags.hours ?? '24');
  if (!Number.isInteger(hours) || hours < 1 || hours > 168) {
    process.stderr.write(`--hours must be a whole number from 1 to 168\n${USAGE}\n`);
    process.exitCode = 2;
    return;
  }
  const config = loadGeneratorConfig();
  // The simulator is local: no need for the real forum's request rate, which would slow the demo day to minutes.
  const sim = await startSimulator({ port: 0, rateLimitPerMinute: 1_000_000 });
  const source = createForumClient({ baseUrl: sim.url, commentThreads: config.FORUM_COMMENT_THREADS });
  const log = createEventLog(configRedactor(GeneratorEnvSchema, config));
  const analyser = selectAnalyser({ ...config, ANALYSER: 'offline' }, log);
  const contentDir = config.CONTENT_DIR;
  process.stdout.write(`forum simulator on ${sim.url}; content in ${contentDir}/ (demo data)\n`);

  const publish = async (hour: Date, label: string) => {
    const { report: r } = await publishAndLearn(
      { contentDir, source, analyser, log },
      hour,
      () => new Date(),
    );
    process.stdout.write(
      `${label} ${r.hourStart} ${r.outcome}: ${r.qualityPosts}/${r.totalPosts} — ${r.title}\n`,
    );
  };

  const last = lastCompleteHour(new Date());
  if ((await listDigestHours(contentDir)).length === 0) {
    await mkdir(contentDir, { recursive: true });
    await writeFile(join(contentDir, 'DEMO.md'), DEMO_NOTE);
    const range = hoursBetween(addHours(last, -(hours - 1)), last);
    for (const [i, hour] of range.entries()) await publish(hour, `[${i + 1}/${range.length}]`);
  } else {
    await publish(last, '[latest]');
  }
  if (flags.once) {
    await sim.close();
    return;
  }

  process.stdout.write('publishing each new hour at two minutes past; Ctrl-C to stop\n');
  let timer: NodeJS.Timeout | undefined;
  const schedule = () => {
    const next = Math.floor(Date.now() / HOUR_MS) * HOUR_MS + HOUR_MS + 120_000;
    timer = setTimeout(async () => {
      await publish(lastCompleteHour(new Date()), '[hourly]').catch((e: Error) =>
        process.stderr.write(`hourly run failed: ${e.message}\n`),
      );
      schedule();
    }, next - Date.now());
  };
  schedule();
  const stop = async () => {
    clearTimeout(timer);
    await sim.close();
    process.exit(0);
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
});
