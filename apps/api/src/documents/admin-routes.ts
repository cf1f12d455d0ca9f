/**
 * The back office's documents: `documents.pdf` (`/api/v1/admin/documents/{id}/pdf`), an invoice's or
 * refund's PDF, the same document the pharmacy downloads. A sales rep gets only his pharmacies' (403
 * for another rep's, 404 for an unknown id, without a word of the document).
 */
import { pharmacyDocuments } from '@botica/api-client/admin';
import type { FastifyInstance } from 'fastify';
import { requireClientInScope, staffScope } from '../accounts/staff-scope.ts';
import type { RouteContext } from '../context.ts';
import { route } from '../http/endpoint-route.ts';
import { HttpError } from '../http/errors.ts';
import { documentPdfById } from './documents-service.ts';

export function registerAdminDocumentRoutes(app: FastifyInstance, context: RouteContext): void {
  route(app, pharmacyDocuments.pdf, async ({ params, user, reply }) => {
    const found = await documentPdfById(context, params.id);
    if (!found) throw new HttpError(404, 'El documento no existe.');
    await requireClientInScope(context, staffScope(user), found.clientId);
    const document = await found.pdf();
    return reply
      .header('content-type', 'application/pdf')
      .header('content-disposition', `inline; filename="${document.fileName}"`)
      .header('cache-control', 'private, no-store')
      .send(document.pdf);
  });
}
