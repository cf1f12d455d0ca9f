/** The survey's server state: the survey open now, and the answers, whose saved form goes into it. */
import { portalEndpoints } from '@botica/api-client/endpoints';
import type { SurveyAnswers } from '@botica/api-client/schemas';
import { endpointQuery } from '@botica/app-shell';
import { mutationOptions, type QueryClient } from '@tanstack/react-query';
import { api } from '../../shared/api.ts';

/** The survey open now with the pharmacy's answers, or none. */
export const currentSurveyQuery = endpointQuery(portalEndpoints.survey.current, api.survey.current);

/** Saves the answers to a survey; the survey open now becomes the one the server answers. */
export function answerSurveyMutation(queryClient: QueryClient) {
  return mutationOptions({
    mutationFn: ({ surveyId, answers }: { surveyId: number; answers: SurveyAnswers }) =>
      api.survey.answer(surveyId, { answers }),
    onSuccess: (saved) =>
      queryClient.setQueryData(currentSurveyQuery().queryKey, (current) => ({
        ...current,
        data: saved.data,
      })),
  });
}
