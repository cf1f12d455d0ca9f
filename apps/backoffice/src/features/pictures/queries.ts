/** A product's pictures: the query and the changes, from their endpoint definitions. */
import { type AdminProductPicturesResponse, pictures } from '@botica/api-client/admin';
import { endpointKey, endpointQuery } from '@botica/app-shell';
import type { QueryClient } from '@tanstack/react-query';
import { adminApi } from '../../shared/api.ts';

/** `GET /api/v1/admin/products/{id}/pictures`: the product and its pictures in order. */
export const productPictures = endpointQuery(pictures.list, (id: string) => adminApi.pictures.list(id));

/** Every change answers the pictures as they are after it: the page shows that answer at once. */
function settle(queryClient: QueryClient, id: string) {
  return (answer: AdminProductPicturesResponse) =>
    queryClient.setQueryData(productPictures(id).queryKey, answer);
}

/** A refused change may come from a page behind another admin's change: the page is asked again. */
function refresh(queryClient: QueryClient, id: string) {
  return () => queryClient.invalidateQueries({ queryKey: endpointKey(pictures.list, id) });
}

/** `POST …/pictures`: one file, after the last picture. */
export function uploadMutation(queryClient: QueryClient, id: string) {
  return {
    mutationFn: (file: File) => adminApi.pictures.upload(id, file, { name: file.name.slice(0, 255) }),
    onSuccess: settle(queryClient, id),
  };
}

/** `PUT …/pictures/order`: every position once, the first to show first. */
export function reorderMutation(queryClient: QueryClient, id: string) {
  return {
    mutationFn: (order: number[]) => adminApi.pictures.reorder(id, { order }),
    onSuccess: settle(queryClient, id),
    onError: refresh(queryClient, id),
  };
}

/** `DELETE …/pictures/{position}`: only the version on screen (409 when another has taken its place). */
export function deleteMutation(queryClient: QueryClient, id: string) {
  return {
    mutationFn: ({ position, version }: { position: number; version: string }) =>
      adminApi.pictures.delete(id, position, { version }),
    onSuccess: settle(queryClient, id),
    onError: refresh(queryClient, id),
  };
}
