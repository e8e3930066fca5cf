import { redactUrls } from '../core/redact.ts';

/** Structured log lines: a message and flat fields. Never given request bodies; secrets are redacted. */
export interface Logger {
  info(message: string, fields?: Record<string, unknown>): void;
  warn(message: string, fields?: Record<string, unknown>): void;
  error(message: string, fields?: Record<string, unknown>): void;
}

/**
 * One JSON object per line on stderr (stdout stays free for the `listening` line). Every string of the
 * line (message, fields, nested values, stacks) goes through `redact` before it is written: by default
 * every absolute URL is cut to scheme, host and port; the server passes the configuration's redactor
 * (core/redact.ts), which also removes its secret values.
 */
export function jsonLogger(
  write: (line: string) => void = (l) => process.stderr.write(l),
  redact: (text: string) => string = redactUrls,
): Logger {
  const strings = (_key: string, value: unknown) => (typeof value === 'string' ? redact(value) : value);
  const emit = (level: string) =>
    function log(message: string, fields: Record<string, unknown> = {}): void {
      write(`${JSON.stringify({ time: new Date().toISOString(), level, message, ...fields }, strings)}\n`);
    };
  return { info: emit('info'), warn: emit('warn'), error: emit('error') };
}

/** A logger that drops everything (tests, benches). */
export const silentLogger: Logger = { info() {}, warn() {}, error() {} };

/** A logger that keeps every line, for tests that assert what was logged. */
export function memoryLogger(): Logger & { lines: Array<{ level: string; message: string }> } {
  const lines: Array<{ level: string; message: string }> = [];
  const keep = (level: string) => (message: string) => {
    lines.push({ level, message });
  };
  return { lines, info: keep('info'), warn: keep('warn'), error: keep('error') };
}
