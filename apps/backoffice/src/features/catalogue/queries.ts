/** The catalogue's queries and changes, from their endpoint definitions. */
import {
  type AdminCategoryCreateRequest,
  type AdminCategoryUpdateRequest,
  type AdminProductCreateRequest,
  type AdminProductEditRequest,
  type AdminProductResponse,
  type AdminProductsQuery,
  adminCatalogue,
  lookups,
} from '@botica/api-client/admin';
import { endpointKey, endpointQuery } from '@botica/app-shell';
import type { QueryClient } from '@tanstack/react-query';
import { adminApi } from '../../shared/api.ts';

/** `GET /api/v1/admin/products`: a page of the products a search finds, inactive ones too. */
export const productList = endpointQuery(adminCatalogue.products, (query: AdminProductsQuery) =>
  adminApi.catalogue.products(query),
);

/** `GET /api/v1/admin/products/{id}`: one product as its form edits it. */
export const productDetail = endpointQuery(adminCatalogue.getProduct, (id: string) =>
  adminApi.catalogue.getProduct(id),
);

/** `GET /api/v1/admin/categories`: both trees, with their order. */
export const categoryTrees = endpointQuery(adminCatalogue.categoryTrees, () =>
  adminApi.catalogue.categoryTrees(),
);

/** `GET /api/v1/admin/discount-groups`: the groups of the special prices. */
export const discountGroupList = endpointQuery(lookups.discountGroups, () =>
  adminApi.lookups.discountGroups(),
);

/** After a product's change: its page shows the server's answer, every list and tree is asked again. */
function afterProductChange(queryClient: QueryClient, answer: AdminProductResponse) {
  queryClient.setQueryData(productDetail(String(answer.data.id)).queryKey, answer);
  void queryClient.invalidateQueries({ queryKey: endpointKey(adminCatalogue.products) });
  // A product's categories count in the trees.
  void queryClient.invalidateQueries({ queryKey: endpointKey(adminCatalogue.categoryTrees) });
}

/** `PUT /api/v1/admin/products/{id}`: the product as the admin leaves it, on the version read. */
export function updateProductMutation(queryClient: QueryClient, id: string) {
  return {
    mutationFn: (body: AdminProductEditRequest) => adminApi.catalogue.updateProduct(id, body),
    onSuccess: (answer: AdminProductResponse) => afterProductChange(queryClient, answer),
  };
}

/** `POST /api/v1/admin/products`: a new product. */
export function createProductMutation(queryClient: QueryClient) {
  return {
    mutationFn: (body: AdminProductCreateRequest) => adminApi.catalogue.createProduct(body),
    onSuccess: (answer: AdminProductResponse) => afterProductChange(queryClient, answer),
  };
}

/** Any change of the trees asks them again (and the lists their categories name). */
function afterCategoryChange(queryClient: QueryClient) {
  void queryClient.invalidateQueries({ queryKey: endpointKey(adminCatalogue.categoryTrees) });
  void queryClient.invalidateQueries({ queryKey: endpointKey(adminCatalogue.products) });
  void queryClient.invalidateQueries({ queryKey: endpointKey(adminCatalogue.getProduct) });
}

/** What the categories' page does to a category. */
export type CategoryChange =
  | { kind: 'create'; body: AdminCategoryCreateRequest }
  | { kind: 'update'; id: number; body: AdminCategoryUpdateRequest }
  | { kind: 'delete'; id: number };

/** Create, rename, move, reorder or delete a category, then the trees asked again. */
export function categoryMutation(queryClient: QueryClient) {
  return {
    mutationFn: async (change: CategoryChange): Promise<void> => {
      if (change.kind === 'create') await adminApi.catalogue.createCategory(change.body);
      else if (change.kind === 'update')
        await adminApi.catalogue.updateCategory(String(change.id), change.body);
      else await adminApi.catalogue.deleteCategory(String(change.id));
    },
    onSettled: () => afterCategoryChange(queryClient),
  };
}
