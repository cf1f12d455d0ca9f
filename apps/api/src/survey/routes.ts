/**
 * 'Te escuchamos' (spec §2 /encuestas, §7): `GET /api/v1/driver/survey`, the survey open now with the
 * logged-in user's answers (`data: null` when none is open), and `PUT /api/v1/driver/survey/{id}/answer`,
 * which stores the user's answers (src/survey/survey-service.ts).
 */
import {
  AnswerSurveyRequestSchema,
  AnswerSurveyResponseSchema,
  CurrentSurveyResponseSchema,
} from '@botica/api-client/schemas';
import type { FastifyInstance } from 'fastify';
import type { RouteContext } from '../context.ts';
import { requireClient } from '../http/guards.ts';
import { output, parse, pathId } from '../http/validation.ts';
import { answerSurvey, currentSurvey, surveyOpenForAnswers } from './survey-service.ts';

export function registerSurveyRoutes(app: FastifyInstance, context: RouteContext): void {
  app.get('/api/v1/driver/survey', async (request) => {
    const user = requireClient(request);
    return output(CurrentSurveyResponseSchema, { data: await currentSurvey(context, user.id) });
  });

  app.put('/api/v1/driver/survey/:id/answer', async (request) => {
    const user = requireClient(request);
    const id = pathId((request.params as { id?: unknown }).id);
    // A closed survey is refused before its answers are looked at: nothing sent to it can be stored.
    const survey = await surveyOpenForAnswers(context, id);
    const body = parse(AnswerSurveyRequestSchema, request.body);
    return output(AnswerSurveyResponseSchema, {
      data: await answerSurvey(context, { survey, userId: user.id, answers: body.answers }),
    });
  });
}
