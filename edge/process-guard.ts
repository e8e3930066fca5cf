import type { Logger } from './logger.ts';

/** An error's message and stack (or a non-error's text), for a log line (which redacts them). */
function describe(reason: unknown): Record<string, unknown> {
  return reason instanceof Error
    ? { error: `${reason.name}: ${reason.message}`, stack: reason.stack }
    : { error: String(reason) };
}

/**
 * Installs the process-level handlers of a long-running server. A promise rejected with nobody to
 * handle it (a library's abandoned check, say) is logged and survived: Node's default would end the
 * process, and with it every request in flight. An uncaught exception is logged, redacted like every
 * line, and ends the process with code 1, since the state it left is unknown (a supervisor restarts
 * it); Node's own crash output would print the error unredacted.
 */
export function guardProcess(logger: Logger, proc: NodeJS.Process = process): void {
  proc.on('unhandledRejection', (reason) => {
    logger.error('unhandled rejection: logged and survived', describe(reason));
  });
  proc.on('uncaughtException', (error, origin) => {
    logger.error('uncaught exception: exiting', { origin, ...describe(error) });
    proc.exit(1);
  });
}
