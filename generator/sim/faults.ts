import { z } from 'zod';
import { hashString, Rng } from './hash.ts';

/** Which requests a fault rule applies to: lists (`/posts`, feeds), comments (`/posts/:id…`) or all. */
export const FaultScope = z.enum(['lists', 'comments', 'all']);
export type FaultScope = z.infer<typeof FaultScope>;

/**
 * When a rule fires, counting only the requests in its scope since the plan was set:
 * the next N, every k-th (k, 2k, …), with a probability drawn from the plan's seeded RNG, or always.
 */
export const FaultTrigger = z.union([
  z.object({ next: z.int().positive() }).strict(),
  z.object({ every: z.int().positive() }).strict(),
  z.object({ probability: z.number().min(0).max(1) }).strict(),
  z.object({ always: z.literal(true) }).strict(),
]);
export type FaultTrigger = z.infer<typeof FaultTrigger>;

const common = {
  /** Default `all`. */
  scope: FaultScope.optional(),
  /** Default `{ always: true }`. */
  trigger: FaultTrigger.optional(),
};

/** One kind of failure and when it happens. */
export const FaultRule = z.discriminatedUnion('kind', [
  /** A 5xx answer: the forum's JSON error, or an HTML page as an edge proxy sends it. */
  z
    .object({
      kind: z.literal('server-error'),
      status: z.int().min(500).max(599).optional(),
      html: z.boolean().optional(),
      ...common,
    })
    .strict(),
  /** 429 with `Retry-After` and `retry_after_seconds` (production) or `retryAfter` (open source). */
  z
    .object({ kind: z.literal('rate-limit'), retryAfterSeconds: z.int().nonnegative().optional(), ...common })
    .strict(),
  /** The answer is delayed; combines with any other fault. */
  z.object({ kind: z.literal('slow'), delayMs: z.int().nonnegative().max(600_000), ...common }).strict(),
  /** Status and headers are fine but the body stops mid-JSON (Content-Length matches the cut body). */
  z
    .object({ kind: z.literal('truncate'), keepFraction: z.number().gt(0).lt(1).optional(), ...common })
    .strict(),
  /** The page starts `items` entries early, repeating the end of the previous page (lists only). */
  z.object({ kind: z.literal('overlap'), items: z.int().positive().optional(), ...common }).strict(),
  /** The forum is down: 503 for everything, or the socket destroyed without an answer. */
  z.object({ kind: z.literal('down'), mode: z.enum(['status', 'destroy']).optional(), ...common }).strict(),
]);
export type FaultRule = z.infer<typeof FaultRule>;

/** The failures the simulator injects. `{}` (or no rules) is a healthy forum. */
export const FaultPlan = z
  .object({
    /** Seed of the RNG behind probability triggers (default 1). */
    seed: z.int().optional(),
    /** Shorthand for a first rule `{ kind: 'down' }` on every request (`'destroy'`: drop the socket). */
    down: z.union([z.boolean(), z.literal('destroy')]).optional(),
    rules: z.array(FaultRule).optional(),
  })
  .strict();
export type FaultPlan = z.infer<typeof FaultPlan>;

/** Kinds of fault, as counted in stats. */
export type FaultKind = FaultRule['kind'];

/** What to do to one request. */
export interface FaultDecision {
  readonly delayMs: number;
  /** The first firing rule other than `slow`, or null. */
  readonly fault: Exclude<FaultRule, { kind: 'slow' }> | null;
}

/** Parses a fault plan, naming the bad field: "faults: rules.0.trigger: …". */
export function parseFaultPlan(input: unknown): FaultPlan {
  const parsed = FaultPlan.safeParse(input);
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0];
  throw new Error(
    `faults: ${issue ? `${issue.path.join('.') || '(root)'}: ${issue.message}` : 'invalid plan'}`,
  );
}

/** Decides, request by request, which faults of a plan fire. Deterministic for a given request order. */
export class FaultInjector {
  private readonly rules: readonly FaultRule[];
  private readonly seen: number[];
  private readonly rng: Rng;

  constructor(plan: FaultPlan) {
    const down: FaultRule[] = plan.down
      ? [{ kind: 'down', mode: plan.down === 'destroy' ? 'destroy' : 'status' }]
      : [];
    this.rules = [...down, ...(plan.rules ?? [])];
    this.seen = this.rules.map(() => 0);
    this.rng = new Rng(hashString(`faults:${plan.seed ?? 1}`));
  }

  /** Every rule in scope counts the request; the delays of firing `slow` rules add up. */
  decide(scope: 'lists' | 'comments' | 'other'): FaultDecision {
    let delayMs = 0;
    let fault: FaultDecision['fault'] = null;
    this.rules.forEach((rule, i) => {
      const ruleScope = rule.scope ?? 'all';
      if (ruleScope !== 'all' && ruleScope !== scope) return;
      if (rule.kind === 'overlap' && scope !== 'lists') return;
      const n = (this.seen[i] ?? 0) + 1;
      this.seen[i] = n;
      const trigger = rule.trigger ?? { always: true };
      let fires: boolean;
      if ('next' in trigger) fires = n <= trigger.next;
      else if ('every' in trigger) fires = n % trigger.every === 0;
      else if ('probability' in trigger) fires = this.rng.next() < trigger.probability;
      else fires = true;
      if (!fires) return;
      if (rule.kind === 'slow') delayMs += rule.delayMs;
      else fault ??= rule;
    });
    return { delayMs, fault };
  }
}
