/** The back office's endpoints described for the OpenAPI document (kept beside the definitions). */
import type { EndpointDocs } from '../endpoint.ts';
import type { adminEndpoints } from './admin.ts';
import { adminCatalogueDocs } from './admin-catalogue-docs.ts';
import { configurationDocs } from './admin-configuration-docs.ts';
import { adminContentDocs } from './admin-content-docs.ts';
import { dashboardDocs } from './admin-dashboard-docs.ts';
import { apiKeysDocs } from './admin-integration-docs.ts';
import { newsDocs } from './admin-news-docs.ts';
import { adminOrdersDocs } from './admin-orders-docs.ts';
import { adminPharmaciesDocs } from './admin-pharmacies-docs.ts';
import { picturesDocs } from './admin-pictures-docs.ts';
import { adminProductTrainingDocs } from './admin-product-training-docs.ts';
import { substitutesDocs } from './admin-substitutes-docs.ts';
import { surveysDocs } from './admin-surveys-docs.ts';
import { adminTrainingDocs } from './admin-training-docs.ts';
import { webhooksDocs } from './admin-webhooks-docs.ts';
import { wholesalersDocs } from './admin-wholesalers-docs.ts';

export const adminDocs: EndpointDocs<typeof adminEndpoints> = {
  ...adminPharmaciesDocs,
  ...adminTrainingDocs,
  ...adminProductTrainingDocs,
  ...wholesalersDocs,
  registrations: {
    list: {
      tag: 'Back office',
      summary: "The pharmacies' registration requests, newest first",
      description: [
        '`status=pending` (the default) or `all`, with those already approved or rejected.',
        'Each says whether its CIF/NIF passes the Spanish check (`tax_id_valid`) and which pharmacy already',
        'has it (`matching_client`, which approving links instead of creating another).',
        '',
        'Example: `GET /api/v1/admin/registrations?status=all` →',
        '`{"data":[{"id":12,"status":"pending","pharmacy_name":"Farmacia Sol","tax_id":"B12345674",',
        '"username":"farmasol","email":"sol@example.es","phone":"+34910000000","postal_code":"28001",',
        '"created_at":"2026-11-20T09:30:00.000Z","decided_at":null,"client_id":null,"tax_id_valid":true,',
        '"matching_client":null,"rejection_reason":null}]}`',
      ].join('\n'),
    },
    approve: {
      tag: 'Back office',
      summary: 'Approve a registration request',
      description: [
        'Creates the pharmacy (or links the existing one of the same CIF/NIF) and its main user, and',
        'e-mails the user a link to choose a password (valid 72 hours). Audited. 404 for an unknown',
        'request; 409 with a message when it is already decided, its username exists, or the linked',
        'pharmacy already has a main user.',
        '',
        'Example: `POST /api/v1/admin/registrations/12/approve` →',
        '`{"data":{"id":12,"status":"approved",…,"client_id":40},',
        '"client":{"id":40,"name":"Farmacia Sol","code":"WEB000012","created":true},',
        '"user":{"id":77,"username":"farmasol"}}`',
      ].join('\n'),
      failures: [409],
    },
    reject: {
      tag: 'Back office',
      summary: 'Reject a registration request',
      description: [
        'Records the reason (1–500 characters; 422 under `reason` when missing) and e-mails it to the',
        'applicant. Audited. 404 for an unknown request; 409 with a message when it is already decided.',
        '',
        'Example: `POST /api/v1/admin/registrations/12/reject` with',
        '`{"reason":"El CIF no corresponde a una farmacia."}` →',
        '`{"data":{"id":12,"status":"rejected",…,"rejection_reason":"El CIF no corresponde a una farmacia."},',
        '"client":null,"user":null}`',
      ].join('\n'),
      failures: [409],
    },
  },
  audit: {
    list: {
      tag: 'Back office',
      summary: 'The audit log of the changes made, newest first',
      description: [
        'Who (`user_id`), what (`object_type`, `object_id`), `from`/`to` a day (Madrid days, both',
        'included; `from` after `to` is a 422 under `to`); 50 a `page`. Each row has the object',
        'before and after the change.',
        '',
        'Example: `GET /api/v1/admin/audit?object_type=registration&object_id=12` →',
        '`{"data":[{"id":3,"at":"2026-11-28T10:00:00.000Z","user":{"id":2,"username":"admin"},',
        '"action":"registration.approved","object_type":"registration","object_id":"12",',
        '"before":{"status":"pending",…},"after":{"status":"approved",…}}],',
        '"meta":{"current_page":1,"last_page":1,"per_page":50,"total":1}}`',
      ].join('\n'),
    },
    actors: {
      tag: 'Back office',
      summary: 'Who appears in the audit log',
      description:
        'Every user who made a recorded change, by username (the latest one a user had), for the log’s person filter. Example: `{"data":[{"id":2,"username":"admin.demo"}]}`',
    },
  },
  adminOrders: adminOrdersDocs,
  dashboard: dashboardDocs,
  configuration: configurationDocs,
  surveys: surveysDocs,
  pictures: picturesDocs,
  catalogue: adminCatalogueDocs,
  ...adminContentDocs,
  news: newsDocs,
  apiKeys: apiKeysDocs,
  webhooks: webhooksDocs,
  substitutes: substitutesDocs,
};
