import { AsyncLocalStorage } from 'node:async_hooks';

/** RPC reads that failed during one facilitator call, whether or not the library surfaced them. */
interface Scope {
  readonly failures: Error[];
}

const scopes = new AsyncLocalStorage<Scope>();

/** A facilitator call whose RPC reads failed and that did not succeed: an outage, never the payer's fault. */
export class RpcUnavailableError extends Error {
  override readonly name = 'RpcUnavailableError';
  constructor(cause: Error) {
    super(`the chain's RPC could not be read: ${cause.message.split('\n')[0]}`, { cause });
  }
}

/**
 * Wraps the signer's `getCode` so it never rejects: a failure is noted in the running facilitator
 * call's scope (see `withRpcScope`) and read as "no code". @x402/evm starts its asset check
 * (`getCode` of the token) before other checks and abandons it when one of them returns first; a
 * rejection there would be unhandled and end the process. The scope turns the noted failure back
 * into an outage.
 */
export function quietGetCode<A, R>(getCode: (args: A) => Promise<R>): (args: A) => Promise<R | undefined> {
  return async function getCodeOrNote(args) {
    try {
      return await getCode(args);
    } catch (error) {
      scopes.getStore()?.failures.push(error instanceof Error ? error : new Error(String(error)));
      return undefined;
    }
  };
}

/**
 * Runs one facilitator call (verify or settle) in a scope of its own: when an RPC read failed during
 * it (noted by `quietGetCode`) and the call did not succeed, it throws RpcUnavailableError, which the
 * gate answers 503 with Retry-After, instead of a refusal the payer cannot act on. A successful call
 * stands (a settlement that landed is never undone).
 */
export async function withRpcScope<T>(call: () => Promise<T>, succeeded: (result: T) => boolean): Promise<T> {
  const scope: Scope = { failures: [] };
  const result = await scopes.run(scope, call);
  const failure = scope.failures[0];
  if (failure !== undefined && !succeeded(result)) throw new RpcUnavailableError(failure);
  return result;
}
