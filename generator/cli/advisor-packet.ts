/**
 * Renders the JSON lines of `advisor:eval -- --drafts` as a judge's markdown packet:
 *
 *   npx tsx generator/cli/advisor-packet.ts <advice.jsonl> [heading] > packet.md
 */
import { readFile } from 'node:fs/promises';
import { type JudgedAdvice, judgePacket } from '../learn/judge-packet.ts';

const [path, heading = 'Advisor answers for real posts used as drafts'] = process.argv.slice(2);
if (path === undefined) {
  console.error('usage: advisor-packet <advice.jsonl> [heading]');
  process.exit(2);
}
const items = (await readFile(path, 'utf8'))
  .split('\n')
  .filter((l) => l.trim() !== '')
  .map((l) => JSON.parse(l) as JudgedAdvice);
console.log(judgePacket(items, heading));
