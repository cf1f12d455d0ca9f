/**
 * 'Te escuchamos' (spec §2 /encuestas, §7): `GET /api/v1/driver/survey`, the survey open now with the
 * logged-in user's answers (`data: null` when none is open), and `PUT /api/v1/driver/survey/{id}/answer`,
 * which stores the user's answers (src/survey/survey-service.ts).
 */
import { survey } from '@botica/api-client/endpoints';
import { AnswerSurveyRequestSchema } from '@botica/api-client/schemas';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { RouteContext } from '../context.ts';
import { route } from '../http/endpoint-route.ts';
import { parse } from '../http/validation.ts';
import { answerSurvey, currentSurvey, type SurveyRow, surveyOpenForAnswers } from './survey-service.ts';

export function registerSurveyRoutes(app: FastifyInstance, context: RouteContext): void {
  route(app, survey.current, async ({ user }) => ({ data: await currentSurvey(context, user.id) }));

  /** The open survey each answering request found before its body was read. */
  const openSurveys = new WeakMap<FastifyRequest, SurveyRow>();
  route(
    app,
    survey.answer,
    async ({ body, user, request }) => {
      const open = openSurveys.get(request);
      if (!open) throw new Error('the survey was not checked before its answers');
      return { data: await answerSurvey(context, { survey: open, userId: user.id, answers: body.answers }) };
    },
    {
      // A closed survey is refused before its answers are looked at: nothing sent to it can be stored.
      before: async ({ params, request }) => {
        openSurveys.set(request, await surveyOpenForAnswers(context, params.id));
        // The adapter reads a missing body as `{}`; here the body itself has always been named
        // wrong (`_`) when it is missing or null, not its `answers`.
        if (request.body === undefined || request.body === null)
          parse(AnswerSurveyRequestSchema, request.body);
      },
    },
  );
}
