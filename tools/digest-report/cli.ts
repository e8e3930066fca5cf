// Entry point of `npm run digest:report` (see main.ts): exit 0 ran, 1 no digest in range, 2 bad arguments.
import { main } from './main.ts';

process.exitCode = await main(process.argv.slice(2), process.env);
