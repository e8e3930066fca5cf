// `npm run backfill`: the command on the process (backfill-command.ts).
import { backfillCommand } from './backfill-command.ts';
import { processIo } from './io.ts';

process.exitCode = await backfillCommand(process.argv.slice(2), processIo);
