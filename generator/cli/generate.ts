// `npm run generate`: the command on the process (generate-command.ts).
import { generateCommand } from './generate-command.ts';
import { processIo } from './io.ts';

process.exitCode = await generateCommand(process.argv.slice(2), processIo);
