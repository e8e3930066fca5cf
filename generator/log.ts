/** A structured log event: a name plus plain fields. */
export interface LogEvent {
  event: string;
  [key: string]: unknown;
}

/** Where the generator reports what it does, one event at a time. */
export type EventLog = (e: LogEvent) => void;

/**
 * A log writing each event as a JSON line (to stderr by default, so stdout stays for the command's own
 * output), passed whole through `redact` (core/redact.ts) so no secret, in a field or inside a URL, is
 * ever written.
 */
export function createEventLog(
  redact: (text: string) => string,
  write: (line: string) => void = (line) => process.stderr.write(`${line}\n`),
): EventLog {
  return (e) => write(redact(JSON.stringify({ time: new Date().toISOString(), ...e })));
}
