// npm run forum:sim — serves the synthetic forum until SIGINT or SIGTERM.
import { parseCliArgs, USAGE } from './cli-args.ts';
import { startSimulator } from './server.ts';

const args = parseCliArgs(process.argv.slice(2));
if (args.kind === 'help') {
  process.stdout.write(`${USAGE}\n`);
} else if (args.kind === 'error') {
  process.stderr.write(`error: ${args.message}\n${USAGE}\n`);
  process.exitCode = 2;
} else {
  const sim = await startSimulator(args.options);
  const o = args.options;
  process.stdout.write(
    `forum simulator listening on ${sim.url} (seed ${o.seed ?? 1}, ${o.postsPerHour ?? 2300} posts/h, ` +
      `${o.dialect ?? 'production-offset'}, clock ${o.now ? o.now.toISOString() : 'real'})\n`,
  );
  let stopping = false;
  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    process.stdout.write(`${signal}: stopping\n`);
    sim.close().then(
      () => process.exit(0),
      (error: unknown) => {
        process.stderr.write(`error: ${(error as Error).message}\n`);
        process.exit(1);
      },
    );
  };
  process.on('SIGINT', () => stop('SIGINT'));
  process.on('SIGTERM', () => stop('SIGTERM'));
}
