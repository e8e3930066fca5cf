import { parseArgs } from 'node:util';
import { SharedEnvSchema } from '../../core/config/shared.ts';
import { parseHour } from '../../core/hours.ts';

/** Usage of `npm run digest:report`. */
export const USAGE = `usage: npm run digest:report -- [--content <dir>] [--from <ISO hour>] [--to <ISO hour>] [--json]
  Reads the published digests (and signals) from --from to --to, both included (default: all), and
  prints per hour and in total: contradictions, generic labels, hot discussions without a post link,
  tone-word changes, narrative status flip-flops and the share of quality posts inside a named story.
  --content defaults to $CONTENT_DIR, else content. --json prints the report as JSON.
  Exit 0 when the report ran, 1 when no digest is in range, 2 on bad arguments.`;

/** A wrong command line (exit 2); the message names the flag. */
export class UsageError extends Error {
  override readonly name = 'UsageError';
}

/** What the command line asks for. */
export interface ReportArgs {
  readonly contentDir: string;
  readonly from?: Date;
  readonly to?: Date;
  readonly json: boolean;
  readonly help: boolean;
}

function hourFlag(name: string, value: string | undefined): Date | undefined {
  if (value === undefined) return undefined;
  const hour = parseHour(value);
  if (!hour)
    throw new UsageError(
      `--${name} must be an exact hour such as 2026-01-30T16:00Z (got ${JSON.stringify(value)})`,
    );
  return hour;
}

/** Parses and checks the arguments; throws UsageError naming the flag on anything wrong. */
export function parseReportArgs(argv: readonly string[], env: NodeJS.ProcessEnv): ReportArgs {
  let values: { content?: string; from?: string; to?: string; json?: boolean; help?: boolean };
  try {
    ({ values } = parseArgs({
      args: [...argv],
      options: {
        content: { type: 'string' },
        from: { type: 'string' },
        to: { type: 'string' },
        json: { type: 'boolean' },
        help: { type: 'boolean', short: 'h' },
      },
      strict: true,
      allowPositionals: false,
    }));
  } catch (error) {
    throw new UsageError((error as Error).message);
  }
  if (values.content !== undefined && values.content.trim() === '')
    throw new UsageError('--content must name a folder');
  const from = hourFlag('from', values.from);
  const to = hourFlag('to', values.to);
  if (from && to && to < from)
    throw new UsageError(`--to (${to.toISOString()}) must not be before --from (${from.toISOString()})`);
  return {
    contentDir: values.content ?? SharedEnvSchema.shape.CONTENT_DIR.parse(env.CONTENT_DIR),
    ...(from ? { from } : {}),
    ...(to ? { to } : {}),
    json: values.json === true,
    help: values.help === true,
  };
}
