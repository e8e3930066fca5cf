import { z } from 'zod';
import { DEFAULT_SIBLINGS } from '../docs/moved-routes.ts';
import { DEFAULT_PLATFORM } from '../routes.ts';
import {
  blankIsUnset,
  httpUrlOr,
  oneOf,
  optionalHttpUrl,
  optionalText,
  textOr,
  wholeNumber,
} from './fields.ts';

/**
 * The variables more than one deployable reads, each declared once: a deployable's schema picks the
 * ones it reads (`SharedEnvSchema.pick`) and adds its own. Which deployable reads which is listed in the
 * README's configuration table, generated from the schemas (`npm run docs`).
 */
export const SharedEnvSchema = z.object({
  PORT: wholeNumber(0, 65535, 8080).meta({ description: 'port the edge listens on' }),
  BASE_URL: optionalHttpUrl().meta({
    description: 'public base URL of the service, used in every absolute link (set it for the site build)',
    unset: '`http://localhost:$PORT`',
  }),
  PLATFORM_SEGMENT: blankIsUnset(
    z.string().regex(/^[a-z0-9-]{1,32}$/, 'must be 1–32 lower-case letters, digits or dashes'),
  )
    .transform((s) => s ?? DEFAULT_PLATFORM)
    .meta({ description: 'platform segment of the API paths (`/api/<segment>/…`)' }),
  CONTENT_DIR: textOr('content').meta({ description: 'folder of the published data' }),
  PAY_TO: blankIsUnset(
    z
      .string()
      .regex(/^0x[0-9a-fA-F]{40}$/, 'must be an address: 0x followed by 40 hex digits')
      .refine((s) => !/^0x0{40}$/.test(s), 'must not be the zero address (USDC refuses transfers to it)')
      .transform((s) => s as `0x${string}`),
  ).meta({
    description:
      'payee address (`0x` + 40 hex) of the paid routes; with a facilitator, payments are ON (see `edge/paid/README.md`); the site names it',
  }),
  GH_BASE_URL: httpUrlOr(DEFAULT_SIBLINGS.gh).meta({
    description: 'sibling service the moved GitHub digests answer from (308s, catalog)',
  }),
  SIGNALS_BASE_URL: httpUrlOr(DEFAULT_SIBLINGS.signals).meta({
    description: 'sibling service the moved intelligence and pulse routes answer from',
  }),
  MARKETS_BASE_URL: httpUrlOr(DEFAULT_SIBLINGS.markets).meta({
    description: 'sibling service the moved prediction markets answer from',
  }),
  ANALYSER: oneOf(['offline', 'openai', 'auto'], 'auto').meta({
    description:
      '`offline`, `openai`, or `auto` (openai when `OPENAI_BASE_URL` or `OPENAI_API_KEY` is set); the edge’s advisor rewrites follow it too',
  }),
  OPENAI_BASE_URL: optionalHttpUrl().meta({ description: 'any OpenAI-compatible endpoint', secret: 'url' }),
  OPENAI_API_KEY: optionalText().meta({ description: 'its key (secret)', secret: 'value' }),
  OPENAI_MODEL: textOr('gpt-4o-mini').meta({ description: 'model name' }),
  OPENAI_TIMEOUT_MS: wholeNumber(1_000, 600_000, 60_000).meta({
    description: 'time limit of one model call, in ms',
  }),
  OPENAI_MAX_TOKENS: wholeNumber(256, 64_000, 4_000).meta({
    description: 'output token limit of one model call',
  }),
});

/** The shared variables, parsed. */
export type SharedEnv = z.infer<typeof SharedEnvSchema>;

/** The public base URL, no trailing slash: BASE_URL, else `http://localhost:PORT`. */
export function resolveBaseUrl(cfg: Pick<SharedEnv, 'BASE_URL' | 'PORT'>): string {
  return (cfg.BASE_URL ?? `http://localhost:${cfg.PORT}`).replace(/\/+$/, '');
}
