/**
 * A product's training: the portal's product page (`GET /api/v1/products/{id}/training`, for
 * pharmacists, as the materials and the webinar history are) and the back office's product editor
 * (`GET /api/v1/admin/catalogue/products/{id}/training`, the staff's) (src/training/product-training-service.ts).
 */
import { adminProductTraining } from '@botica/api-client/admin';
import { productTraining } from '@botica/api-client/endpoints';
import type { FastifyInstance } from 'fastify';
import type { RouteContext } from '../context.ts';
import { route } from '../http/endpoint-route.ts';
import { adminProductTraining as linkedTraining, productTrainingFor } from './product-training-service.ts';

export function registerProductTrainingRoutes(app: FastifyInstance, context: RouteContext): void {
  route(app, productTraining.get, async ({ params }) => ({
    data: await productTrainingFor(context, params.id),
  }));

  route(app, adminProductTraining.get, async ({ params }) => ({
    data: await linkedTraining(context, params.id),
  }));
}
