/** The back office's endpoints described for the OpenAPI document (kept beside the definitions). */
import type { EndpointDocs } from '../endpoint.ts';
import type { adminEndpoints } from './admin.ts';

export const adminDocs: EndpointDocs<typeof adminEndpoints> = {
  registrations: {
    list: {
      tag: 'Back office',
      summary: "The pharmacies' registration requests, newest first",
      description: '`status=pending` (the default) or `all`, with those already approved or rejected.',
    },
  },
};
