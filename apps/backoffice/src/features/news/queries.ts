/** The news' queries and changes, from their endpoint definitions. */
import {
  type AdminNewsQuery,
  type AdminPostCreateRequest,
  type AdminPostResponse,
  news,
} from '@botica/api-client/admin';
import { endpointKey, endpointQuery } from '@botica/app-shell';
import type { QueryClient } from '@tanstack/react-query';
import { adminApi } from '../../shared/api.ts';

/** `GET /api/v1/admin/news`: a page of the posts, by title and status. */
export const newsList = endpointQuery(news.list, (query: AdminNewsQuery) => adminApi.news.list(query));

/** `GET /api/v1/admin/news/{id}`: one post whole. */
export const postDetail = endpointQuery(news.get, (id: string) => adminApi.news.get(id));

/** After a change: the post shows the server's answer, every list is asked again. */
export function afterPostChange(queryClient: QueryClient, answer: AdminPostResponse) {
  queryClient.setQueryData(postDetail(String(answer.data.id)).queryKey, answer);
  void queryClient.invalidateQueries({ queryKey: endpointKey(news.list) });
}

/** The calls of the editor's buttons. */
export const postCalls = {
  create: (body: AdminPostCreateRequest) => adminApi.news.create(body),
  update: (id: number, body: AdminPostCreateRequest & { version: number }) => adminApi.news.update(id, body),
  publish: (id: number, body: { published_at: string; version: number }) => adminApi.news.publish(id, body),
  unpublish: (id: number, version: number) => adminApi.news.unpublish(id, { version }),
  remove: (id: number) => adminApi.news.delete(id),
  uploadPicture: (id: number, file: File, alt: string) => adminApi.news.uploadPicture(id, file, { alt }),
  deletePicture: (id: number) => adminApi.news.deletePicture(id),
};

/**
 * After a post is deleted: every list is asked again (so the list `leave` goes to loads without it),
 * the editor is left, and only then is the post's query dropped: while the editor is shown, dropping
 * it makes the editor ask for the post again, and a deleted post's 404 would reach the error page.
 */
export async function afterPostDelete(
  queryClient: QueryClient,
  id: number,
  leave: () => void | Promise<void>,
): Promise<void> {
  void queryClient.invalidateQueries({ queryKey: endpointKey(news.list) });
  await leave();
  queryClient.removeQueries({ queryKey: endpointKey(news.get, String(id)) });
}
