import { SUPPORTED_PROTOCOL_VERSIONS } from '@modelcontextprotocol/sdk/types.js';
import { ROUTE, type RouteDef, type RouteId, routePath } from '../../core/routes.ts';
import { type EdgeContext, isJsonContentType, reply, requestHeader } from '../env.ts';
import type { DistMap, StaticFile } from '../static/dist-map.ts';

/** The free tools whose answer is a route's built file, by name: the calls the fast path may answer. */
const FILE_TOOLS: Readonly<Record<string, RouteId>> = {
  get_latest_digest: 'latest',
  get_digest_brief: 'brief',
  get_digest_index: 'index',
  get_sample_digest: 'sample',
  get_changelog: 'changelog',
};

/** A JSON-RPC answer of a file tool, built once per built file: the bytes before and after the id. */
interface Prebuilt {
  readonly head: Buffer;
  readonly tail: Buffer;
  /** Whole answers for the small integer ids clients count from (0–255), built when first asked. */
  readonly byId: Map<number, Buffer>;
}

/** Largest integer id whose whole answer is kept. */
const KEPT_IDS = 255;

const isPlainObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

/**
 * The fast path of `/mcp` for the most common call: `tools/call` of a free tool whose answer is a
 * route's built file, with no arguments and no `_meta`. Its JSON-RPC answer depends only on the file
 * and the request id, so it is built once per file, byte for byte what the SDK's server answers
 * (`mcp.e2e.test.ts` compares both), and sent as bytes. Anything else, or anything the transport
 * would refuse (headers, protocol version, a missing file), returns undefined and goes to the SDK.
 * The call still counts against its route's own limits.
 */
export function fileToolFastPath(deps: {
  readonly dist: () => DistMap;
  readonly platform: string;
  readonly limit: (c: EdgeContext, route: RouteDef) => Promise<void>;
  readonly headers: Readonly<Record<string, string>>;
}) {
  const built = new WeakMap<StaticFile, Prebuilt>();
  const prebuilt = (file: StaticFile): Prebuilt => {
    let answer = built.get(file);
    if (!answer) {
      const json = Buffer.from(file.body).toString('utf8');
      const result = `{"result":{"content":[{"type":"text","text":${JSON.stringify(json)}}],"structuredContent":${JSON.stringify(JSON.parse(json))}},"jsonrpc":"2.0","id":`;
      answer = { head: Buffer.from(result), tail: Buffer.from('}'), byId: new Map() };
      built.set(file, answer);
    }
    return answer;
  };

  const headers = { ...deps.headers, 'content-type': 'application/json' };
  /** The answer's bytes for request `id`. */
  const bytes = (built: Prebuilt, id: string | number): Buffer => {
    const kept = typeof id === 'number' && id >= 0 && id <= KEPT_IDS ? built.byId.get(id) : undefined;
    if (kept) return kept;
    const answer = Buffer.concat([built.head, Buffer.from(JSON.stringify(id)), built.tail]);
    if (typeof id === 'number' && id >= 0 && id <= KEPT_IDS) built.byId.set(id, answer);
    return answer;
  };

  return async function fastPath(c: EdgeContext, body: unknown): Promise<Response | undefined> {
    if (!isPlainObject(body) || body.jsonrpc !== '2.0' || body.method !== 'tools/call') return undefined;
    const { id, params } = body;
    if (!(typeof id === 'string' || (typeof id === 'number' && Number.isSafeInteger(id)))) return undefined;
    if (Object.keys(body).length !== 4 || !isPlainObject(params)) return undefined;
    const { name, arguments: args, ...rest } = params;
    const routeId = typeof name === 'string' ? FILE_TOOLS[name] : undefined;
    if (routeId === undefined || Object.keys(rest).length > 0) return undefined;
    if (args !== undefined && !(isPlainObject(args) && Object.keys(args).length === 0)) return undefined;
    const accept = requestHeader(c, 'accept') ?? '';
    if (!accept.includes('application/json') || !accept.includes('text/event-stream')) return undefined;
    if (!isJsonContentType(requestHeader(c, 'content-type'))) return undefined;
    const version = requestHeader(c, 'mcp-protocol-version');
    if (version !== undefined && !SUPPORTED_PROTOCOL_VERSIONS.includes(version)) return undefined;
    const route = ROUTE[routeId];
    const file = deps.dist().files.get(routePath(route, deps.platform));
    if (!file) return undefined;
    try {
      await deps.limit(c, route);
    } catch {
      return undefined; // refused: the SDK's server answers it as the tool error (and counts it too)
    }
    return reply(c, 200, bytes(prebuilt(file), id), headers);
  };
}
