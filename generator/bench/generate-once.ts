// One measured hour for bench:generate, run in its own process so its CPU time and peak memory are
// the generator's alone (the simulator runs in another process).
import { parseArgs } from 'node:util';
import { parseHour } from '../../core/hours.ts';
import { createOfflineAnalyser } from '../analyse/offline/index.ts';
import { createForumClient } from '../forum/client.ts';
import { publishAndLearn } from '../jobs.ts';
import { createEventLog } from '../log.ts';

const { values } = parseArgs({
  options: { forum: { type: 'string' }, hour: { type: 'string' }, content: { type: 'string' } },
});
const hour = parseHour(values.hour ?? '');
if (!values.forum || !hour || !values.content) {
  process.stderr.write('usage: generate-once.ts --forum <url> --hour <ISO hour> --content <dir>\n');
  process.exit(2);
}
const cpu0 = process.cpuUsage();
const t0 = performance.now();
const { report } = await publishAndLearn(
  {
    contentDir: values.content,
    source: createForumClient({ baseUrl: values.forum }),
    analyser: createOfflineAnalyser(),
    log: createEventLog((text) => text),
  },
  hour,
  () => new Date(),
);
const wallMs = performance.now() - t0;
const cpu = process.cpuUsage(cpu0);
process.stdout.write(
  `${JSON.stringify({
    wallMs,
    cpuMs: (cpu.user + cpu.system) / 1000,
    maxRssMB: process.resourceUsage().maxRSS / 1024,
    totalPosts: report.totalPosts,
    qualityPosts: report.qualityPosts,
  })}\n`,
);
