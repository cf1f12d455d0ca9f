/** The search overlay's server state: a page of hits for a text. */
import { portalEndpoints } from '@botica/api-client/endpoints';
import { endpointQuery } from '@botica/app-shell';
import { api } from '../../shared/api.ts';

/** A page of the hits for a text (a POST that only reads). */
export const searchQuery = endpointQuery(portalEndpoints.search.query, api.search.query);
