import type { IncomingMessage } from 'node:http';
import { type EdgeContext, requestHeader } from '../env.ts';
import { bodyTooLarge } from '../errors.ts';

/** What a POST body came to: its JSON, or that it is no JSON. */
export type ReadBody = { readonly json: unknown } | { readonly unreadable: true };

/** Node's request body, at most `maxBytes` (413 beyond). */
function readIncoming(incoming: IncomingMessage, maxBytes: number): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    incoming.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > maxBytes) {
        incoming.removeAllListeners('data');
        incoming.resume();
        reject(bodyTooLarge(maxBytes));
      } else chunks.push(chunk);
    });
    incoming.once('end', () =>
      resolve(
        chunks.length === 1 ? (chunks[0] as Buffer).toString('utf8') : Buffer.concat(chunks).toString('utf8'),
      ),
    );
    incoming.once('error', reject);
  });
}

/**
 * The JSON body of a request, read at most `maxBytes` (413 in the contract's shape beyond, whatever
 * Content-Length says): from node's request itself when there is one (no Fetch Request and stream
 * built for it), else from the Request. A body that is no JSON is `unreadable` (the transport then
 * answers JSON-RPC's parse error).
 */
export async function readJsonBody(c: EdgeContext, maxBytes: number): Promise<ReadBody> {
  const declared = Number(requestHeader(c, 'content-length') ?? Number.NaN);
  if (declared > maxBytes) throw bodyTooLarge(maxBytes);
  const incoming = c.env?.incoming;
  let text: string;
  if (incoming && typeof incoming.on === 'function') text = await readIncoming(incoming, maxBytes);
  else {
    text = await c.req.text();
    if (Buffer.byteLength(text) > maxBytes) throw bodyTooLarge(maxBytes);
  }
  try {
    return { json: JSON.parse(text) };
  } catch {
    return { unreadable: true };
  }
}
