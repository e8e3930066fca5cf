import { z } from 'zod';
import { blankIsUnset, oneOf, parseEnv, textOr, wholeNumber } from '../core/config/fields.ts';
import { resolveBaseUrl, SharedEnvSchema } from '../core/config/shared.ts';
import { PaymentEnvSchema, paymentProblems } from './payment-config.ts';

/**
 * The edge's variables: the shared ones it reads (port, base URL, platform, content, siblings, the
 * advisor's model), serving and rate limits, the edge's state, and payments (`paid/payment-config.ts`).
 * Parsed once at start-up; names are the variables themselves so an error can name the one that is wrong.
 */
export const EdgeEnvSchema = SharedEnvSchema.pick({
  PORT: true,
  BASE_URL: true,
  PLATFORM_SEGMENT: true,
  CONTENT_DIR: true,
  GH_BASE_URL: true,
  SIGNALS_BASE_URL: true,
  MARKETS_BASE_URL: true,
  ANALYSER: true,
  OPENAI_BASE_URL: true,
  OPENAI_API_KEY: true,
  OPENAI_MODEL: true,
  OPENAI_TIMEOUT_MS: true,
  OPENAI_MAX_TOKENS: true,
})
  .extend({
    DIST_DIR: textOr('dist').meta({ description: 'built site the edge serves from memory' }),
    HOST: textOr('0.0.0.0').meta({ description: 'address the edge listens on' }),
    RATE_LIMIT_STORE: oneOf(['memory', 'redis'], 'memory').meta({
      description: '`memory` (one instance) or `redis` (limits and state shared by every instance)',
    }),
    REDIS_URL: blankIsUnset(
      z.url({ protocol: /^rediss?$/, message: 'must be a redis:// or rediss:// URL' }),
    ).meta({
      description: '`redis://…`, required with `RATE_LIMIT_STORE=redis`',
      secret: 'url',
    }),
    RATE_LIMIT_PREFIX: blankIsUnset(z.string().max(64, 'must be at most 64 characters'))
      .transform((s) => s ?? 'murmur:rl:')
      .meta({ description: 'prefix of every key in Redis, so several services can share one Redis' }),
    TRUSTED_PROXIES: blankIsUnset(
      z
        .string()
        .transform((s) =>
          s
            .split(',')
            .map((item) => item.trim())
            .filter((item) => item !== ''),
        )
        .pipe(z.array(z.union([z.ipv4(), z.ipv6()], { message: 'each entry must be an IP address' }))),
    )
      .transform((list) => list ?? [])
      .meta({
        description:
          'comma-separated proxy IPs whose `X-Forwarded-For` is believed; unset, the client is the socket’s address',
      }),
    DIST_WATCH: oneOf(['0', '1'], '1').meta({
      description: 'reload `dist/` when it changes: `1` or `0` (SIGHUP always reloads)',
    }),
    DIST_RELOAD_QUIET_MS: wholeNumber(50, 60_000, 2_000).meta({
      description: 'how long `dist/` must stay unchanged before a watched change is reloaded, in ms',
    }),
    STATE_DIR: textOr('.state').meta({
      description:
        'the edge’s own state on disk: `state.db` (SQLite: API keys, quotas, settlement records) and the refund queue',
    }),
  })
  .extend(PaymentEnvSchema.shape);

/** The edge's parsed configuration; `baseUrl` is resolved (no trailing slash). */
export type EdgeConfig = z.infer<typeof EdgeEnvSchema> & { baseUrl: string };

/** What is wrong with the edge's variables together (Redis, payments), one line each naming the variable. */
function edgeProblems(cfg: z.infer<typeof EdgeEnvSchema>): string[] {
  const problems =
    cfg.RATE_LIMIT_STORE === 'redis' && cfg.REDIS_URL === undefined
      ? ['REDIS_URL: is required when RATE_LIMIT_STORE is redis']
      : [];
  return [...problems, ...paymentProblems(cfg)];
}

/** Parses the environment for the edge once; throws ConfigError naming each bad variable and what is wrong. */
export function loadEdgeConfig(env: Record<string, string | undefined> = process.env): EdgeConfig {
  const cfg = parseEnv(EdgeEnvSchema, env, edgeProblems);
  return { ...cfg, baseUrl: resolveBaseUrl(cfg) };
}
