/**
 * What a command reads and writes besides its arguments: its environment, its two output streams (one
 * line per call, without the newline) and its clock. The command-line entry points pass `processIo`;
 * tests run a command in-process with their own, so nothing process-wide is read or written.
 */
export interface CommandIo {
  readonly env: Record<string, string | undefined>;
  /** A line of the command's own output (stdout). */
  out(line: string): void;
  /** A line of its errors and log events (stderr). */
  err(line: string): void;
  now(): Date;
}

/** The running process's environment, stdout, stderr and clock. */
export const processIo: CommandIo = {
  env: process.env,
  out: (line) => process.stdout.write(`${line}\n`),
  err: (line) => process.stderr.write(`${line}\n`),
  now: () => new Date(),
};
