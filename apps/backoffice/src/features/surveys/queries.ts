/** The surveys' queries and changes, from their endpoint definitions. */
import { type SurveyInput, surveys } from '@botica/api-client/admin';
import { endpointKey, endpointQuery } from '@botica/app-shell';
import type { QueryClient } from '@tanstack/react-query';
import { adminApi } from '../../shared/api.ts';

/** `GET /api/v1/admin/surveys`: every survey with its status and responses. */
export const surveyList = endpointQuery(surveys.list, adminApi.surveys.list);

/** `GET /api/v1/admin/surveys/{id}`: one survey with its questions. */
export const surveyDetail = endpointQuery(surveys.get, adminApi.surveys.get);

/** `GET /api/v1/admin/surveys/{id}/results`: the responses and each question's figures. */
export const surveyResults = endpointQuery(surveys.results, adminApi.surveys.results);

/** `GET …/results/{questionId}/answers`: a page of a text question's answers. */
export const surveyTextAnswers = endpointQuery(surveys.textAnswers, adminApi.surveys.textAnswers);

/** Where the CSV of a survey's responses is downloaded from (absolute: outside the router). */
export function exportHref(id: number, origin: string = window.location.origin): string {
  return `${origin}${surveys.export.path.replace('{id}', String(id))}`;
}

/** Every survey query asked again: a change shows in the list, the editor and the results. */
function settle(queryClient: QueryClient) {
  return () =>
    Promise.all(
      [surveys.list, surveys.get, surveys.results].map((endpoint) =>
        queryClient.invalidateQueries({ queryKey: endpointKey(endpoint) }),
      ),
    );
}

/** Saving the editor's survey: created when it has no id yet. */
export function saveSurveyMutation(queryClient: QueryClient, id: number | null) {
  return {
    mutationFn: (input: SurveyInput) =>
      id === null ? adminApi.surveys.create(input) : adminApi.surveys.update(id, input),
    onSettled: settle(queryClient),
  };
}

/** Opening or closing a survey now, or deleting it. */
export function windowMutation(queryClient: QueryClient, id: number) {
  return {
    mutationFn: (action: 'open' | 'close' | 'remove') =>
      action === 'open'
        ? adminApi.surveys.open(id)
        : action === 'close'
          ? adminApi.surveys.close(id)
          : adminApi.surveys.remove(id),
    onSettled: settle(queryClient),
  };
}
