/** Where the pipeline reports what it does: one line per call, secrets already removed. */
export interface Logger {
  info(message: string): void;
  warn(message: string): void;
}

/**
 * A logger writing `[hourly] …` lines (info to stdout, warnings to stderr), passing each line through
 * `redact` so no secret is ever printed.
 */
export function createLogger(redact: (text: string) => string): Logger {
  return {
    info: (message) => process.stdout.write(`[hourly] ${redact(message)}\n`),
    warn: (message) => process.stderr.write(`[hourly] warning: ${redact(message)}\n`),
  };
}
