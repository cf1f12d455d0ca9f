/** The content's queries and changes, from their endpoint definitions. */
import {
  type AdminBannerCreateRequest,
  type AdminMessageCreateRequest,
  adminMessages,
  adminShowcase,
} from '@botica/api-client/admin';
import { endpointKey, endpointQuery } from '@botica/app-shell';
import type { QueryClient } from '@tanstack/react-query';
import { adminApi } from '../../shared/api.ts';

/** `GET /api/v1/admin/messages`: every message, the latest to start first. */
export const messageList = endpointQuery(adminMessages.list, () => adminApi.adminMessages.list());

/** `GET /api/v1/admin/messages/{id}`. */
export const messageDetail = endpointQuery(adminMessages.get, (id: string) => adminApi.adminMessages.get(id));

/** `GET /api/v1/admin/showcase/banners`. */
export const bannerList = endpointQuery(adminShowcase.banners, () => adminApi.adminShowcase.banners());

/** `GET /api/v1/admin/showcase/featured`. */
export const featuredList = endpointQuery(adminShowcase.featured, () => adminApi.adminShowcase.featured());

/** `GET /api/v1/admin/showcase/products?q=`: products to feature. */
export const productSearch = endpointQuery(adminShowcase.products, (q: string) =>
  adminApi.adminShowcase.products({ q }),
);

const refreshMessages = (queryClient: QueryClient) =>
  queryClient.invalidateQueries({ queryKey: endpointKey(adminMessages.list) });

/** Saves a message: a new one, or a change naming the version it was read at. */
export function saveMessageMutation(queryClient: QueryClient, id: number | null) {
  return {
    mutationFn: (body: AdminMessageCreateRequest & { updated_at?: string }) =>
      id === null
        ? adminApi.adminMessages.create(body)
        : adminApi.adminMessages.update(String(id), { ...body, updated_at: body.updated_at ?? '' }),
    onSuccess: async (answer: { data: { id: number } }) => {
      queryClient.setQueryData(messageDetail(String(answer.data.id)).queryKey, answer as never);
      await refreshMessages(queryClient);
    },
  };
}

/** Deletes a message. */
export function deleteMessageMutation(queryClient: QueryClient, id: number) {
  return {
    mutationFn: () => adminApi.adminMessages.delete(String(id)),
    onSuccess: () => refreshMessages(queryClient),
  };
}

const refreshBanners = (queryClient: QueryClient) =>
  queryClient.invalidateQueries({ queryKey: endpointKey(adminShowcase.banners) });

/** Saves a banner: a new one (placed last), or a change naming its version. */
export function saveBannerMutation(queryClient: QueryClient, id: number | null) {
  return {
    mutationFn: (body: AdminBannerCreateRequest & { updated_at?: string }) =>
      id === null
        ? adminApi.adminShowcase.createBanner(body)
        : adminApi.adminShowcase.updateBanner(String(id), { ...body, updated_at: body.updated_at ?? '' }),
    onSuccess: () => refreshBanners(queryClient),
  };
}

/** Moves a banner one place up or down. */
export function moveBannerMutation(queryClient: QueryClient) {
  return {
    mutationFn: ({ id, direction }: { id: number; direction: 'up' | 'down' }) =>
      adminApi.adminShowcase.moveBanner(String(id), { direction }),
    onSuccess: (answer: unknown) => queryClient.setQueryData(bannerList().queryKey, answer as never),
  };
}

/** Deletes a banner. */
export function deleteBannerMutation(queryClient: QueryClient) {
  return {
    mutationFn: (id: number) => adminApi.adminShowcase.deleteBanner(String(id)),
    onSuccess: () => refreshBanners(queryClient),
  };
}

/** Saves the featured products in order. */
export function featuredMutation(queryClient: QueryClient) {
  return {
    mutationFn: (productIds: number[]) => adminApi.adminShowcase.setFeatured({ product_ids: productIds }),
    onSuccess: (answer: unknown) => queryClient.setQueryData(featuredList().queryKey, answer as never),
  };
}
