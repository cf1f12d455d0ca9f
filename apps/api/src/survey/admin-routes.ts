/**
 * The back office's surveys' transport (`/api/v1/admin/surveys…`): the list, one survey, its
 * changes (an admin's), its results and its responses as a CSV file. Counts are narrowed to the staff
 * member's scope.
 */
import { SURVEY_TEXT_ANSWERS_PER_PAGE, surveys } from '@botica/api-client/admin';
import type { FastifyInstance } from 'fastify';
import { staffScope } from '../accounts/staff-scope.ts';
import type { SessionUser } from '../auth/session-user.ts';
import type { RouteContext } from '../context.ts';
import { route } from '../http/endpoint-route.ts';
import { pageMeta } from '../http/page-meta.ts';
import {
  adminSurvey,
  closeSurveyNow,
  createSurvey,
  deleteSurvey,
  exportSurveyResponses,
  listSurveys,
  openSurveyNow,
  surveyResults,
  surveyTextAnswers,
  updateSurvey,
} from './admin-surveys-service.ts';

const actorOf = (user: SessionUser) => ({ id: user.id, username: user.username });

export function registerAdminSurveyRoutes(app: FastifyInstance, context: RouteContext): void {
  const show = async (user: SessionUser, id: number) => ({
    data: await adminSurvey(context, staffScope(user), id),
  });

  route(app, surveys.list, async ({ user }) => ({ data: await listSurveys(context, staffScope(user)) }));

  route(app, surveys.get, ({ params, user }) => show(user, params.id));

  route(app, surveys.create, async ({ body, user }) => {
    const id = await createSurvey(context, { input: body, actor: actorOf(user) });
    return show(user, id);
  });

  route(app, surveys.update, async ({ params, body, user }) => {
    await updateSurvey(context, { id: params.id, input: body, actor: actorOf(user) });
    return show(user, params.id);
  });

  route(app, surveys.open, async ({ params, user }) => {
    await openSurveyNow(context, { id: params.id, actor: actorOf(user) });
    return show(user, params.id);
  });

  route(app, surveys.close, async ({ params, user }) => {
    await closeSurveyNow(context, { id: params.id, actor: actorOf(user) });
    return show(user, params.id);
  });

  route(app, surveys.remove, async ({ params, user }) => {
    await deleteSurvey(context, { id: params.id, actor: actorOf(user) });
    return undefined;
  });

  route(app, surveys.results, async ({ params, user }) => ({
    data: await surveyResults(context, staffScope(user), params.id),
  }));

  route(app, surveys.textAnswers, async ({ params, query, user }) => {
    const page = query.page ?? 1;
    const { rows, total } = await surveyTextAnswers(context, {
      scope: staffScope(user),
      id: params.id,
      questionId: params.questionId,
      page,
    });
    return {
      data: rows,
      meta: pageMeta(page, SURVEY_TEXT_ANSWERS_PER_PAGE, total),
    };
  });

  route(app, surveys.export, async ({ params, user, reply }) => {
    const text = await exportSurveyResponses(context, staffScope(user), params.id);
    return reply
      .header('content-type', 'text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="encuesta-${params.id}-respuestas.csv"`)
      .header('cache-control', 'private, no-store')
      .send(text);
  });
}
