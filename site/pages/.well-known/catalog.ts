import type { APIRoute } from 'astro';
import { catalogResponse } from '../../../core/docs/catalog.ts';
import { siteConfig } from '../../lib/build-config.ts';
import { jsonFile, publicContext } from '../../lib/public-docs.ts';

/** `GET /.well-known/catalog`: the product family. */
export const GET: APIRoute = () => jsonFile(catalogResponse(publicContext, siteConfig.siblings));
