/** The home page's server state: the laboratory's showcase (banners and featured products). */
import { portalEndpoints } from '@botica/api-client/endpoints';
import { endpointQuery } from '@botica/app-shell';
import { api } from '../../shared/api.ts';

/** The showcase. */
export const showcaseQuery = endpointQuery(portalEndpoints.showcase.get, api.showcase.get);
