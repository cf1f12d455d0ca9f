/** The training's queries and changes, from their endpoint definitions. */
import {
  type AdminLibraryQuery,
  type AdminMaterialCreateRequest,
  type AdminMaterialUpdateRequest,
  type AdminNewsletterCreateRequest,
  type AdminNewsletterUpdateRequest,
  type AdminWebinarCreateRequest,
  type AdminWebinarsQuery,
  type AdminWebinarUpdateRequest,
  adminMaterials,
  adminNewsletters,
  adminWebinars,
} from '@botica/api-client/admin';
import { endpointKey, endpointQuery } from '@botica/app-shell';
import type { QueryClient } from '@tanstack/react-query';
import { adminApi } from '../../shared/api.ts';

/** `GET …/training/webinars`: a page of the webinars a search finds. */
export const webinarList = endpointQuery(adminWebinars.list, (query: AdminWebinarsQuery) =>
  adminApi.webinars.list(query),
);

/** `GET …/training/webinars/{id}`: one webinar, whole. */
export const webinarDetail = endpointQuery(adminWebinars.get, (id: string) => adminApi.webinars.get(id));

/** `GET …/training/webinars/{id}/signups`: who signed up (a sales rep: his pharmacies'). */
export const webinarSignupList = endpointQuery(adminWebinars.signups, (id: string) =>
  adminApi.webinars.signups(id),
);

/** `GET …/training/materials`. */
export const materialList = endpointQuery(adminMaterials.list, (query: AdminLibraryQuery) =>
  adminApi.materials.list(query),
);

/** `GET …/training/materials/{id}`. */
export const materialDetail = endpointQuery(adminMaterials.get, (id: string) => adminApi.materials.get(id));

/** `GET …/training/newsletters`. */
export const newsletterList = endpointQuery(adminNewsletters.list, (query: AdminLibraryQuery) =>
  adminApi.newsletters.list(query),
);

/** `GET …/training/newsletters/{id}`. */
export const newsletterDetail = endpointQuery(adminNewsletters.get, (id: string) =>
  adminApi.newsletters.get(id),
);

/** Every training query asked again after a change (lists, details, the webinars' materials). */
export function settleTraining(queryClient: QueryClient): Promise<void> {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: endpointKey(adminWebinars.list) }),
    queryClient.invalidateQueries({ queryKey: endpointKey(adminWebinars.get) }),
    queryClient.invalidateQueries({ queryKey: endpointKey(adminMaterials.list) }),
    queryClient.invalidateQueries({ queryKey: endpointKey(adminMaterials.get) }),
    queryClient.invalidateQueries({ queryKey: endpointKey(adminNewsletters.list) }),
    queryClient.invalidateQueries({ queryKey: endpointKey(adminNewsletters.get) }),
  ]).then(() => undefined);
}

/** Saving a webinar: a new one (no id) or an edit on its version. */
export function saveWebinar(id: string | undefined, body: AdminWebinarCreateRequest, version: number) {
  return id === undefined
    ? adminApi.webinars.create(body)
    : adminApi.webinars.update(id, { ...body, version } satisfies AdminWebinarUpdateRequest);
}

/** Saving a material: a new one (no id) or an edit on its version. */
export function saveMaterial(id: string | undefined, body: AdminMaterialCreateRequest, version: number) {
  return id === undefined
    ? adminApi.materials.create(body)
    : adminApi.materials.update(id, { ...body, version } satisfies AdminMaterialUpdateRequest);
}

/** Saving a newsletter: a new one (no id) or an edit on its version. */
export function saveNewsletter(id: string | undefined, body: AdminNewsletterCreateRequest, version: number) {
  return id === undefined
    ? adminApi.newsletters.create(body)
    : adminApi.newsletters.update(id, { ...body, version } satisfies AdminNewsletterUpdateRequest);
}
