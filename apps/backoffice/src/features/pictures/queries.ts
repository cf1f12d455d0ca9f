/** A product's pictures: the query and the changes, from their endpoint definitions. */
import { type AdminProductPicturesResponse, pictures } from '@botica/api-client/admin';
import { endpointQuery } from '@botica/app-shell';
import type { QueryClient } from '@tanstack/react-query';
import { adminApi } from '../../shared/api.ts';

/** `GET /api/v1/admin/products/{id}/pictures`: the product and its pictures in order. */
export const productPictures = endpointQuery(pictures.list, (id: string) => adminApi.pictures.list(id));

/** Every change answers the pictures as they are after it: the page shows that answer at once. */
function settle(queryClient: QueryClient, id: string) {
  return (answer: AdminProductPicturesResponse) =>
    queryClient.setQueryData(productPictures(id).queryKey, answer);
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
  };
}

/** `DELETE …/pictures/{position}`. */
export function deleteMutation(queryClient: QueryClient, id: string) {
  return {
    mutationFn: (position: number) => adminApi.pictures.delete(id, position),
    onSuccess: settle(queryClient, id),
  };
}
