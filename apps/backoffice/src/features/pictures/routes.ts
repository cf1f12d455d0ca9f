/**
 * A product's pictures: the ones the portal shows, in order, and (an admin) uploading, reordering
 * and deleting them; a sales rep reads them. Linked from the product's page, not from the menu.
 */
import type { BackofficeRoute } from '../auth/routes.ts';

/** The pictures' page of a product, below /backoffice. */
export function picturesPath(productId: number | string): string {
  return `/catalogue/products/${productId}/pictures`;
}

export const pictureRoutes: readonly BackofficeRoute[] = [
  {
    path: 'catalogue/products/:id/pictures',
    module: 'src/features/pictures/pictures-route.tsx',
    guard: 'staff',
    data: (api) => [{ endpoint: api.pictures.list }],
    view: 'Fotografías del producto',
  },
];
