/** The back office's pharmacies, documents' PDFs and lookups, described for the OpenAPI document. */
import type { EndpointDocs } from '../endpoint.ts';
import type { lookups, pharmacies, pharmacyDocuments } from './admin-pharmacies.ts';

const TAG = 'Back office';

/** The descriptions of the pharmacies' endpoints and their lookups (spread into `adminDocs`). */
export const adminPharmaciesDocs: EndpointDocs<{
  pharmacies: typeof pharmacies;
  pharmacyDocuments: typeof pharmacyDocuments;
  lookups: typeof lookups;
}> = {
  pharmacies: {
    list: {
      tag: TAG,
      summary: 'The pharmacies, by name (a sales rep: his own)',
      description: [
        "`q` matches the name, the CIF/NIF, the ERP code, the city or any of its users' usernames,",
        'ignoring accents and case; `sales_rep_id` and `discount_group_id` narrow the list; 50 a `page`.',
        'A sales rep gets only the pharmacies whose rep he is.',
        '',
        'Example: `GET /api/v1/admin/pharmacies?q=martin` →',
        '`{"data":[{"id":1,"name":"Farmacia Ldo. Martín Ruiz","tax_id":"B12345674","erp_code":"CLI000001",',
        '"city":"Madrid","province":"Madrid","sales_rep":{"id":1,"name":"Lucía Gómez"},',
        '"discount_group":{"id":2,"name":"Farmacias Plus","discount_percent":5},"recargo_equivalencia":true,',
        '"users_count":3,"last_order_at":"2026-11-20T09:30:00.000Z"}],',
        '"meta":{"current_page":1,"last_page":1,"per_page":50,"total":1}}`',
      ].join('\n'),
    },
    get: {
      tag: TAG,
      summary: 'One pharmacy, whole',
      description: [
        'Its data, shops, sales rep, discount group and recargo de equivalencia; its users (main user',
        'first) with their permissions and whether a password link is pending; its 10 latest orders and',
        "its 20 latest invoices and refunds, each with the back office's PDF address. 404 for an unknown",
        "pharmacy; 403 for a sales rep when it is another rep's.",
        '',
        'Example: `GET /api/v1/admin/pharmacies/1` →',
        '`{"data":{"id":1,"name":"Farmacia Ldo. Martín Ruiz",…,"address":"Calle Mayor 1","postal_code":"28013",',
        '"phone":"+34910000000","email":"farmacia@example.es","shops":[…],"users":[{"id":5,',
        '"username":"farmacia.demo","name":"Ana Martín","email":"ana@example.es","is_main_user":true,',
        '"is_active":true,"permissions":{"can_send_orders":true,"can_view_invoices":true},',
        '"password_link_pending":false,"created_at":"2026-01-10T08:00:00.000Z"}],',
        '"latest_orders":[{"id":40,"number":"PW-2026-000040","created_at":"2026-11-20T09:30:00.000Z",',
        '"status":"received","total_price":125.4}],"invoices":[{"id":7,"number":"F2026-000007",',
        '"issued_at":"2026-11-21T08:00:00.000Z","total_price":125.4,',
        '"pdf_url":"https://botica.example/api/v1/admin/documents/7/pdf"}],',
        '"refunds":[]}}`',
      ].join('\n'),
    },
    update: {
      tag: TAG,
      summary: "Change a pharmacy's discount group, sales rep or recargo de equivalencia",
      description: [
        'Each field is optional; `null` clears the group or the rep. An id that names no group or rep is a',
        '422 under its field. Audited with the pharmacy before and after. The new conditions price the',
        "pharmacy's cart from its next save. Answers the pharmacy, whole.",
        '',
        'Example: `PATCH /api/v1/admin/pharmacies/1` with `{"discount_group_id":3,"recargo_equivalencia":false}`',
        '→ `{"data":{"id":1,…,"discount_group":{"id":3,"name":"Grandes cuentas","discount_percent":8},',
        '"recargo_equivalencia":false,…}}`',
      ].join('\n'),
    },
    updateUser: {
      tag: TAG,
      summary: "Activate or deactivate one of a pharmacy's users",
      description: [
        'Deactivating (the main user too) ends his sessions at once and refuses his logins until he is',
        "activated again. Audited. 404 when the user is not one of that pharmacy's.",
        '',
        'Example: `PATCH /api/v1/admin/pharmacies/1/users/6` with `{"is_active":false}` →',
        '`{"data":{"id":6,"username":"demo.tarde",…,"is_active":false,…}}`',
      ].join('\n'),
    },
    sendInvitation: {
      tag: TAG,
      summary: "E-mail a user a new 'set your password' link",
      description: [
        'The same mail and link an approved registration sends (valid 72 hours), to his address or, when',
        "he has none, the pharmacy's; the earlier links of the user stop working. Audited. 404 when the",
        "user is not one of that pharmacy's; 409 with a message when he is deactivated.",
        '',
        'Example: `POST /api/v1/admin/pharmacies/1/users/6/invitation` →',
        '`{"data":{"id":6,"username":"demo.tarde",…,"password_link_pending":true,…}}`',
      ].join('\n'),
      failures: [409],
    },
    endSessions: {
      tag: TAG,
      summary: "End every session of one of a pharmacy's users",
      description: [
        'His next request is a 401; he may log in again. Audited. 404 when the user is not one of that',
        "pharmacy's.",
        '',
        'Example: `POST /api/v1/admin/pharmacies/1/users/6/sessions/end` → 204',
      ].join('\n'),
    },
  },
  pharmacyDocuments: {
    pdf: {
      tag: TAG,
      summary: "An invoice's or refund's PDF",
      description: [
        'The same document the pharmacy downloads. 404 for an unknown document; 403 for a sales rep when',
        "it is another rep's pharmacy's.",
        '',
        'Example: `GET /api/v1/admin/documents/7/pdf` → `application/pdf`',
      ].join('\n'),
    },
  },
  lookups: {
    salesReps: {
      tag: TAG,
      summary: 'The sales reps, by name (a sales rep: himself)',
      description: [
        'Each with his zone, e-mail, phone and how many pharmacies are his.',
        '',
        'Example: `GET /api/v1/admin/sales-reps` →',
        '`{"data":[{"id":1,"name":"Lucía Gómez","zone":"Madrid centro","email":"lucia@example.es",',
        '"phone":"+34600000000","pharmacies_count":12}]}`',
      ].join('\n'),
    },
    discountGroups: {
      tag: TAG,
      summary: 'The discount groups, by name',
      description: [
        'Example: `GET /api/v1/admin/discount-groups` →',
        '`{"data":[{"id":2,"name":"Farmacias Plus","discount_percent":5}]}`',
      ].join('\n'),
    },
  },
};
