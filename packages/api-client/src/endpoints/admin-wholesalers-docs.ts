/** The wholesalers' endpoints described for the OpenAPI document. */
import type { EndpointDocs } from '../endpoint.ts';
import type { wholesalers } from './admin-wholesalers.ts';

export const wholesalersDocs: EndpointDocs<{ wholesalers: typeof wholesalers }> = {
  wholesalers: {
    list: {
      tag: 'Back office',
      summary: "The laboratory's wholesalers",
      description: [
        'By name, each with how many pharmacies may send transfer orders through it.',
        '',
        'Example: `GET /api/v1/admin/wholesalers` →',
        '`{"data":[{"id":1,"code":"COFARES","name":"Cofares","pharmacies":12}]}`',
      ].join('\n'),
    },
    create: {
      tag: 'Back office',
      summary: 'Add a wholesaler',
      description:
        'Admins only. The code is stored upper case and is unique (422 under `code` when taken). Audited.',
    },
    remove: {
      tag: 'Back office',
      summary: 'Remove a wholesaler',
      description:
        "Admins only. It leaves every pharmacy's list; the orders already sent through it keep its code and name. Audited.",
    },
    ofPharmacy: {
      tag: 'Back office',
      summary: 'The wholesalers a pharmacy may send transfer orders through',
      description: 'With its customer number at each. A sales rep: his pharmacies only (403 otherwise).',
    },
    setForPharmacy: {
      tag: 'Back office',
      summary: "Add a wholesaler to a pharmacy's list, or change its customer number",
      description: [
        'Admins only. Answers the list. 404 for an unknown pharmacy or wholesaler. Audited.',
        '',
        'Example: `PUT /api/v1/admin/pharmacies/7/wholesalers/1 {"customer_number":"458812"}` →',
        '`{"data":[{"wholesaler_id":1,"code":"COFARES","name":"Cofares","customer_number":"458812"}]}`',
      ].join('\n'),
    },
    removeFromPharmacy: {
      tag: 'Back office',
      summary: "Take a wholesaler off a pharmacy's list",
      description: 'Admins only. Answers the list; 404 when it was not on it. Audited.',
    },
  },
};
