/**
 * The catalogue's server state: the category trees and the price filter's bounds (which rarely
 * change: asked once per page load), and a page of products for the filters.
 */
import { portalEndpoints } from '@botica/api-client/endpoints';
import { endpointQuery } from '@botica/app-shell';
import { api } from '../../shared/api.ts';

const { catalogue } = portalEndpoints;

const categoryTrees = endpointQuery(catalogue.categories, api.catalogue.categories);
const priceBounds = endpointQuery(catalogue.priceRange, api.catalogue.priceRange);

/** Both category trees, fresh for the whole page load. */
export const categoriesQuery = () => ({ ...categoryTrees(), staleTime: Number.POSITIVE_INFINITY });
/** The bounds of the price filter, fresh for the whole page load. */
export const priceRangeQuery = () => ({ ...priceBounds(), staleTime: Number.POSITIVE_INFINITY });
/** A page of the products that pass the filters (a POST that only reads). */
export const productSearchQuery = endpointQuery(catalogue.searchProducts, api.catalogue.searchProducts);
