/** A structured log event: a name plus plain fields. Never put secrets in one. */
export interface LogEvent {
  event: string;
  [key: string]: unknown;
}

/** Writes one event as a JSON line to stderr, so stdout stays for the command's own output. */
export function logEvent(e: LogEvent): void {
  process.stderr.write(`${JSON.stringify({ time: new Date().toISOString(), ...e })}\n`);
}
