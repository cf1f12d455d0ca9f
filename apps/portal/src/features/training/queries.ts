/**
 * The training pages' server state: query options from the endpoint definitions, and the signup,
 * whose answer (the webinar as the server now sees it) goes into the cache.
 */
import { portalEndpoints } from '@botica/api-client/endpoints';
import { endpointQuery } from '@botica/app-shell';
import type { QueryClient } from '@tanstack/react-query';
import { api } from '../../shared/api.ts';

const { training } = portalEndpoints;

const webinarList = endpointQuery(training.webinars, api.training.webinars);
const webinarDetail = endpointQuery(training.webinar, api.training.webinar);

// A webinar's signed-up state and join link are the viewer's, and a login does not tell the cache
// who the viewer now is: the webinars are asked again on every visit, as the pages always did.
/** A page of webinars (upcoming, past, or the next few). */
export const webinarsQuery = (...args: Parameters<typeof webinarList>) => ({
  ...webinarList(...args),
  staleTime: 0,
});
/** One webinar, with the viewer's signed-up state and join link. */
export const webinarQuery = (...args: Parameters<typeof webinarDetail>) => ({
  ...webinarDetail(...args),
  staleTime: 0,
});
/** A page of the scientific materials, narrowed by tags. */
export const materialsQuery = endpointQuery(training.materials, api.training.materials);
/** The materials' tags. */
export const materialTagsQuery = endpointQuery(training.materialTags, api.training.materialTags);
/** A page of the newsletter archive. */
export const newslettersQuery = endpointQuery(training.newsletters, api.training.newsletters);

/** Signs the pharmacist up for a webinar, or cancels; the cache takes the webinar the server answers. */
export async function changeSignup(
  queryClient: QueryClient,
  id: number,
  intent: 'signup' | 'cancel',
): Promise<void> {
  const answer = intent === 'signup' ? await api.training.signUp(id) : await api.training.cancelSignup(id);
  queryClient.setQueryData(webinarQuery(id).queryKey, answer);
}
