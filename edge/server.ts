// Node entry of the edge: `npm run serve`. Loads configuration, serves on PORT, reloads dist/ on SIGHUP
// and when it changes, and shuts down gracefully on SIGTERM/SIGINT. Logs are redacted (core/redact.ts)
// and an unhandled rejection is logged and survived (process-guard.ts).
import { ConfigError } from '../core/config/fields.ts';
import { configRedactor } from '../core/redact.ts';
import { EdgeEnvSchema, loadEdgeConfig } from './config.ts';
import { jsonLogger } from './logger.ts';
import { guardProcess } from './process-guard.ts';
import { startEdge } from './start.ts';

let config: ReturnType<typeof loadEdgeConfig>;
try {
  config = loadEdgeConfig();
} catch (error) {
  if (error instanceof ConfigError) {
    process.stderr.write(`${error.message}\n`);
    process.exit(2);
  }
  throw error;
}

// Every line redacted with the configuration's secrets; no rejection or request ends the process.
const logger = jsonLogger(undefined, configRedactor(EdgeEnvSchema, config));
guardProcess(logger);

let edge: Awaited<ReturnType<typeof startEdge>>;
try {
  edge = await startEdge(config, logger);
} catch (error) {
  logger.error('edge not started', { error: (error as Error).message, stack: (error as Error).stack });
  process.exit(1);
}
// One line on stdout that supervisors and tests read to learn the port.
process.stdout.write(`${JSON.stringify({ listening: edge.port, baseUrl: edge.baseUrl })}\n`);
logger.info('edge listening', {
  port: edge.port,
  store: config.RATE_LIMIT_STORE,
  trustedProxies: config.TRUSTED_PROXIES.length,
  payments: edge.payments.setup.mode,
});

process.on('SIGHUP', () => void edge.reload('SIGHUP'));

let stopping = false;
const stop = (signal: string) => {
  if (stopping) return;
  stopping = true;
  logger.info('shutting down', { signal });
  edge.close().then(
    () => process.exit(0),
    (error: Error) => {
      logger.error('shutdown failed', { error: error.message });
      process.exit(1);
    },
  );
};
process.on('SIGTERM', () => stop('SIGTERM'));
process.on('SIGINT', () => stop('SIGINT'));
