/**
 * 'Te escuchamos' (the portal's /encuestas): `GET /api/v1/driver/survey`, the survey open now with the
 * logged-in user's answers (`data: null` when none is open), and `PUT /api/v1/driver/survey/{id}/answer`,
 * which stores the user's answers (src/survey/survey-service.ts).
 */
import { survey } from '@botica/api-client/endpoints';
import type { FastifyInstance } from 'fastify';
import type { RouteContext } from '../context.ts';
import { route } from '../http/endpoint-route.ts';
import { answerSurvey, currentSurvey, surveyOpenForAnswers } from './survey-service.ts';

export function registerSurveyRoutes(app: FastifyInstance, context: RouteContext): void {
  route(app, survey.current, async ({ user }) => ({ data: await currentSurvey(context, user.id) }));

  // A closed survey is refused before its answers are looked at: nothing sent to it can be stored.
  const openSurvey = ({ params }: { params: { id: number } }) => surveyOpenForAnswers(context, params.id);
  route(
    app,
    survey.answer,
    async ({ body, user, prepared: open }) => ({
      data: await answerSurvey(context, { survey: open, userId: user.id, answers: body.answers }),
    }),
    { before: openSurvey },
  );
}
