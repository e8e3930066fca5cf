// The free digest routes as static files: latest, brief and index. `index` comes from this dynamic route
// because a file `digests/index.ts` would collide with the folder (EISDIR). With no digest published,
// nothing is emitted and the edge answers 404 in the error shape.
import type { APIRoute, GetStaticPaths } from 'astro';
import { briefResponse } from '../../../../../core/envelopes/brief.ts';
import { indexResponse } from '../../../../../core/envelopes/index-response.ts';
import { latestResponse } from '../../../../../core/envelopes/latest.ts';
import type { Digest } from '../../../../../core/schemas/digest.ts';
import { loadArchive } from '../../../../lib/build-archive.ts';
import { jsonFile, publicContext } from '../../../../lib/public-docs.ts';

const BUILDERS = { latest: latestResponse, brief: briefResponse, index: indexResponse } as const;

export const getStaticPaths = (async () => {
  const { latest } = await loadArchive();
  if (!latest) return [];
  return (Object.keys(BUILDERS) as Array<keyof typeof BUILDERS>).map((file) => ({
    params: { platform: publicContext.platform, file },
    props: { latest, file },
  }));
}) satisfies GetStaticPaths;

export const GET: APIRoute<{ latest: Digest; file: keyof typeof BUILDERS }> = ({ props }) =>
  jsonFile(BUILDERS[props.file](publicContext, props.latest));
