import { type Config, loadConfig } from '../core/config.ts';

/** The edge's configuration: the project's one configuration (core/config.ts), which declares the edge's variables. */
export type EdgeConfig = Config;

/** Parses the environment for the edge; throws ConfigError naming each bad variable. */
export const loadEdgeConfig: (env?: Record<string, string | undefined>) => EdgeConfig = loadConfig;
