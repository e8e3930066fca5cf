// The sample route as a static file: the newest digest at least 18 hours old at build time (the site is
// rebuilt every hour, so it rotates). Not emitted when no digest is old enough; the edge answers 404.
import type { APIRoute, GetStaticPaths } from 'astro';
import { pickSampleDigest, sampleResponse } from '../../../../core/envelopes/sample.ts';
import type { Digest } from '../../../../core/schemas/digest.ts';
import { loadArchive } from '../../../lib/build-archive.ts';
import { jsonFile, paymentTerms, publicContext } from '../../../lib/public-docs.ts';

export const getStaticPaths = (async () => {
  const { recent } = await loadArchive();
  // Every candidate is in `recent`: the hour-page window (days) is far longer than the 18-hour threshold.
  const sample = pickSampleDigest(recent, new Date());
  return sample ? [{ params: { platform: publicContext.platform }, props: { sample } }] : [];
}) satisfies GetStaticPaths;

export const GET: APIRoute<{ sample: Digest }> = ({ props }) =>
  jsonFile(sampleResponse(publicContext, props.sample, paymentTerms));
