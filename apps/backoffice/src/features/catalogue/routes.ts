/**
 * The catalogue's pages: the products' list, one product's form (a sales rep reads it), a new
 * product (admins), and the two category trees (a sales rep reads them).
 */
import type { BackofficeRoute } from '../auth/routes.ts';

export const catalogueRoutes: readonly BackofficeRoute[] = [
  {
    path: 'catalogue',
    module: 'src/features/catalogue/products-route.tsx',
    guard: 'staff',
    data: (api) => [{ endpoint: api.catalogue.products }, { endpoint: api.catalogue.categoryTrees }],
    view: 'Catálogo',
  },
  {
    path: 'catalogue/products/new',
    module: 'src/features/catalogue/new-product-route.tsx',
    guard: 'admin',
    data: (api) => [{ endpoint: api.catalogue.categoryTrees }, { endpoint: api.lookups.discountGroups }],
    view: 'Nuevo producto',
  },
  {
    path: 'catalogue/products/:id',
    module: 'src/features/catalogue/product-route.tsx',
    guard: 'staff',
    data: (api) => [
      { endpoint: api.catalogue.getProduct },
      { endpoint: api.catalogue.categoryTrees },
      { endpoint: api.lookups.discountGroups },
    ],
    view: 'Ficha de producto',
  },
  {
    path: 'catalogue/categories',
    module: 'src/features/catalogue/categories-route.tsx',
    guard: 'staff',
    data: (api) => [{ endpoint: api.catalogue.categoryTrees }],
    view: 'Categorías',
  },
];
