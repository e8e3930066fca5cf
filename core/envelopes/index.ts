/** Response envelopes of the public API: pure functions the site and the edge both call. */
export { briefData, briefResponse, endpointsMap } from './brief.ts';
export { absoluteUrl, contextFromConfig, type PublicContext, pathOf, urlOf } from './context.ts';
export {
  errorBody,
  METHOD_NOT_ALLOWED,
  NO_DIGESTS,
  NO_SAMPLE_DIGEST,
  NOT_FOUND,
  rateLimitedBody,
  refundQueuedBody,
  SERVER_ERROR,
} from './errors.ts';
export { digestsWithin, historyResponse } from './history.ts';
export { indexResponse } from './index-response.ts';
export { latestResponse } from './latest.ts';
export { apiMeta, attribution } from './meta.ts';
export {
  type PaymentRequired,
  type PaymentRequirements,
  paymentRequired,
  paymentRequirements,
  type ResourceInfo,
  resourceInfo,
} from './payment-required.ts';
export { pickSampleDigest, sampleDigest, sampleResponse } from './sample.ts';
