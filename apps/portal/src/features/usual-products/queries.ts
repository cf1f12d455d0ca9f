/** 'Mis habituales' as server state. */
import { portalEndpoints } from '@botica/api-client/endpoints';
import { endpointQuery } from '@botica/app-shell';
import { api } from '../../shared/api.ts';

const { purchases } = portalEndpoints;

/** The products the pharmacy orders most. */
export const usualProductsQuery = endpointQuery(purchases.usualProducts, api.purchases.usualProducts);
