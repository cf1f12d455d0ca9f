/**
 * The back office's surveys (`/api/v1/admin/surveys…`): the laboratory's 'Te escuchamos' surveys,
 * listed and read by the staff (a sales rep counts his pharmacies' responses only), written, opened,
 * closed and deleted by an admin, with their results and a spreadsheet of every response.
 */
import { defineEndpoint } from '../endpoint.ts';
import {
  AdminSurveyResponseSchema,
  AdminSurveysResponseSchema,
  SurveyInputSchema,
  SurveyResultsResponseSchema,
  SurveyTextAnswersQuerySchema,
  SurveyTextAnswersResponseSchema,
} from '../schemas/admin-surveys.ts';
import { idParams } from './path-params.ts';

const IdParams = idParams('id');

/** The surveys, as the laboratory's staff write and read them. */
export const surveys = {
  list: defineEndpoint({
    method: 'GET',
    path: '/api/v1/admin/surveys',
    access: 'staff',
    response: AdminSurveysResponseSchema,
  }),
  get: defineEndpoint({
    method: 'GET',
    path: '/api/v1/admin/surveys/{id}',
    access: 'staff',
    params: IdParams,
    response: AdminSurveyResponseSchema,
  }),
  create: defineEndpoint({
    method: 'POST',
    path: '/api/v1/admin/surveys',
    access: 'admin',
    body: SurveyInputSchema,
    response: AdminSurveyResponseSchema,
    status: 201,
  }),
  update: defineEndpoint({
    method: 'PUT',
    path: '/api/v1/admin/surveys/{id}',
    access: 'admin',
    params: IdParams,
    body: SurveyInputSchema,
    response: AdminSurveyResponseSchema,
  }),
  open: defineEndpoint({
    method: 'POST',
    path: '/api/v1/admin/surveys/{id}/open',
    access: 'admin',
    params: IdParams,
    response: AdminSurveyResponseSchema,
  }),
  close: defineEndpoint({
    method: 'POST',
    path: '/api/v1/admin/surveys/{id}/close',
    access: 'admin',
    params: IdParams,
    response: AdminSurveyResponseSchema,
  }),
  remove: defineEndpoint({
    method: 'DELETE',
    path: '/api/v1/admin/surveys/{id}',
    access: 'admin',
    params: IdParams,
    response: null,
  }),
  results: defineEndpoint({
    method: 'GET',
    path: '/api/v1/admin/surveys/{id}/results',
    access: 'staff',
    params: IdParams,
    response: SurveyResultsResponseSchema,
  }),
  textAnswers: defineEndpoint({
    method: 'GET',
    path: '/api/v1/admin/surveys/{id}/results/{questionId}/answers',
    access: 'staff',
    params: idParams('id', 'questionId'),
    query: SurveyTextAnswersQuerySchema,
    response: SurveyTextAnswersResponseSchema,
  }),
  export: defineEndpoint({
    method: 'GET',
    path: '/api/v1/admin/surveys/{id}/responses.csv',
    access: 'staff',
    params: IdParams,
    response: { file: 'text/csv' },
  }),
};
