/** The purchases per month as server state. */
import { portalEndpoints } from '@botica/api-client/endpoints';
import { endpointQuery } from '@botica/app-shell';
import { api } from '../../../shared/api.ts';

/** The last 12 months' purchases as the monthly cap counts them, and the cap. */
export const purchasesByMonthQuery = endpointQuery(portalEndpoints.purchases.byMonth, api.purchases.byMonth);
