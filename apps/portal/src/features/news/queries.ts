/** The news pages' server state: query options from the endpoint definitions. */
import { portalEndpoints } from '@botica/api-client/endpoints';
import { endpointQuery } from '@botica/app-shell';
import { api } from '../../shared/api.ts';

const { cms } = portalEndpoints;

/** A page of the laboratory's news. */
export const postsQuery = endpointQuery(cms.posts, api.cms.posts);
/** One article. */
export const postQuery = endpointQuery(cms.post, api.cms.post);
