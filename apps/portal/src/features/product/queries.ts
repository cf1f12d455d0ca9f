/** The product page's server state: the product and its volume price tiers. */
import { portalEndpoints } from '@botica/api-client/endpoints';
import { endpointQuery } from '@botica/app-shell';
import { api } from '../../shared/api.ts';

const { catalogue } = portalEndpoints;

/** One product. */
export const productQuery = endpointQuery(catalogue.product, api.catalogue.product);
/** A product's volume price tiers. */
export const volumeRulesQuery = endpointQuery(catalogue.volumeRules, api.catalogue.volumeRules);
