/**
 * The portal's endpoints described for other teams: the OpenAPI document's sections, summaries and
 * descriptions, kept out of the definitions so that the portal's bundle does not carry them. Every
 * endpoint must have its entry (the type says so).
 */
import type { EndpointDocs } from '../endpoint.ts';
import type { portalEndpoints } from './portal.ts';
import { deliveryDocs } from './portal-delivery-docs.ts';
import { purchasesDocs } from './portal-purchases-docs.ts';
import { shortageDocs } from './shortage-docs.ts';

export const portalDocs: EndpointDocs<typeof portalEndpoints> = {
  auth: {
    csrfCookie: {
      tag: 'Sessions',
      summary: 'Start a session and get the XSRF-TOKEN cookie',
      description:
        'Sets the `XSRF-TOKEN` cookie; every POST, PUT and DELETE sends it back in `X-XSRF-TOKEN` (the client does it before each). Without a session, limited per address (429 beyond).',
      failures: [429],
    },
    login: {
      tag: 'Sessions',
      summary: 'Log in',
      description:
        'Logs in and returns the user. Wrong credentials are a 422 with the message under `username`; too many attempts are a 429 with `Retry-After` and the message also under `username`.',
      failures: [429],
    },
    logout: {
      tag: 'Sessions',
      summary: 'Log out',
      description: 'A GET; refused (403) when the browser says the request comes from another site.',
      failures: [403],
    },
    user: {
      tag: 'Sessions',
      summary: 'The logged-in user',
      description: '401 when there is none.',
    },
  },
  access: {
    register: {
      tag: 'Access',
      summary: "Ask for a pharmacy's account",
      description: '202, with the same answer for names already known.',
      failures: [429],
    },
    sendReset: {
      tag: 'Access',
      summary: 'E-mail a password reset link',
      description: '202, with the same answer for unknown users.',
      failures: [429],
    },
    checkReset: {
      tag: 'Access',
      summary: "Whether a reset link's secret can still be used",
    },
    resetPassword: {
      tag: 'Access',
      summary: 'Set a new password from a reset link',
      description: 'Ends every session of the user.',
      failures: [429],
    },
  },
  account: {
    client: {
      tag: 'Account',
      summary: 'The pharmacy, its sales rep and the sales administration',
    },
    shops: {
      tag: 'Account',
      summary: "The pharmacy's shops, the main premises first",
    },
    discount: {
      tag: 'Account',
      summary: "The session's pharmacy's discount group",
    },
    changePassword: {
      tag: 'Account',
      summary: 'Change the password',
      description:
        '422 under the field at fault (`current_password` when it is wrong), 429 past the attempt limits. Ends every other session of the user; this one is renewed.',
      failures: [429],
    },
    users: {
      tag: 'Account',
      summary: "The pharmacy's sub-users",
    },
    createUser: {
      tag: 'Account',
      summary: 'Create a sub-user and e-mail its invitation',
    },
    updateUser: {
      tag: 'Account',
      summary: 'Change a sub-user',
    },
    deleteUser: {
      tag: 'Account',
      summary: 'Delete a sub-user, ending its sessions',
    },
  },
  configurations: {
    list: {
      tag: 'Laboratory',
      summary: 'The order rules and other key/value settings',
      description: 'The portal asks for `per_page=500`: every pair (minimum order, monthly cap…).',
    },
    laboratory: {
      tag: 'Laboratory',
      summary: "The laboratory's identity, for the footer and the legal pages",
    },
  },
  catalogue: {
    categories: {
      tag: 'Catalogue',
      summary: 'Both category trees (1: ranges, 2: health problems) with product counts',
    },
    category: {
      tag: 'Catalogue',
      summary: 'One category and its subtree',
    },
    tags: {
      tag: 'Catalogue',
      summary: 'The product tags',
    },
    searchProducts: {
      tag: 'Catalogue',
      summary: "The catalogue's filters, sort and pagination (1-based)",
      description: 'A few at once per client; beyond, 429.',
      failures: [429],
    },
    priceRange: {
      tag: 'Catalogue',
      summary: "The price filter's bounds",
    },
    product: {
      tag: 'Catalogue',
      summary: "The product page, with the client's `final_price`",
    },
    volumeRules: {
      tag: 'Catalogue',
      summary: "The volume tiers and the client's unit price in each",
    },
    defaultImage: {
      tag: 'Catalogue',
      summary: 'The picture of a product without one (SVG)',
      description:
        'Cacheable, with an `ETag`. A size other than `thumbnail`, `miniproduct` or `full` is 404.',
    },
    productImage: {
      tag: 'Catalogue',
      summary: "A product's picture number `n` (1-based) in a size",
      description: [
        "The laboratory's uploaded picture as WebP (a square of 120, 360 or 1000 px), else the product's",
        "drawn picture as SVG. With an `ETag`. The addresses the API gives out carry the picture's version",
        '(`?v=…`): while it is the current one the answer is `Cache-Control: public, max-age=31536000,',
        'immutable`, since a changed picture gets another address; without it, or with an old one, the',
        'answer may be kept only a few minutes before it is asked for again with its `ETag`. An unknown',
        'or withdrawn product, a number it does not have, or an `id` or `n` that is not a number gets the',
        'default picture (200); a size other than `thumbnail`, `miniproduct` or `full` is 404.',
        '',
        'Example: `GET /api/v1/products/42/images/1/miniproduct?v=Yk3q0cXhD2m9Lw1a` → 200 `image/webp`.',
      ].join('\n'),
    },
  },
  search: {
    query: {
      tag: 'Search',
      summary: 'Search by reference or name',
      description:
        'References as typed, Spanish words regardless of accents and case, prefixes, and a typo by word length; 20 hits a page, page 0-based.',
      failures: [429],
    },
  },
  quickOrder: {
    lookup: {
      tag: 'Search',
      summary: "Resolve a quick order's codes",
      description:
        "Up to 200 codes as typed (laboratory references in any form, Códigos Nacionales, EAN-13s), answered in order: each with the product as the listing shows it (the client's price, stock, image) or the reason it cannot be ordered (`unknown`, `withdrawn`, `invalid_check_digit`, `ambiguous`) and its Spanish message. More than 200 codes is a 422.",
    },
  },
  cart: {
    get: {
      tag: 'Cart',
      summary: 'The open cart',
      description: '204 when there is none.',
    },
    save: {
      tag: 'Cart',
      summary: 'Replace the lines and get the recomputed cart',
      description:
        'A conditional save: `version` must be the last one read (409 otherwise, with the current cart). 406 over the monthly cap.',
      failures: [406, 409],
    },
    checkout: {
      tag: 'Orders',
      summary: 'Send the order',
      description:
        'Idempotent: the same cart answers the same order (201 the first time, 200 after). 422 below the minimum order, 406 over the monthly cap.',
      failures: [406, 409],
    },
    monthlyPurchases: {
      tag: 'Orders',
      summary: "This month's orders as the monthly cap counts them",
      description: 'Europe/Madrid months; cancelled orders left out.',
    },
  },
  showcase: {
    get: {
      tag: 'Content',
      summary: "The home page's banners and featured products (with the client's prices)",
    },
  },
  productTraining: {
    get: {
      tag: 'Training',
      summary: "A product's webinars and scientific materials",
      description:
        'The webinars (upcoming soonest first, then recorded ones latest first) and the materials with their PDF (newest first) the laboratory linked to the product; for a kind it linked none of, those sharing a tag with the product (`*_source: tags`). 404 for an unknown or withdrawn product.',
    },
  },
  training: {
    webinars: {
      tag: 'Training',
      summary: 'Webinars, upcoming or past',
      description:
        '`when=upcoming` (the default; soonest first, for anyone) or `past` (latest first, with recordings and materials; 401 without a session, 403 for a user of no pharmacy).',
    },
    webinar: {
      tag: 'Training',
      summary: 'The webinar page',
      description: '`join_url` only to a signed-up user from 15 minutes before the start until the end.',
    },
    signUp: {
      tag: 'Training',
      summary: 'Sign the logged-in user up',
      description:
        'Again is harmless; answers the webinar. The confirmation e-mail carries an .ics invitation. 409 once the webinar has ended.',
      failures: [409],
    },
    cancelSignup: {
      tag: 'Training',
      summary: 'Cancel the signup (if any) and get the webinar',
    },
    materials: {
      tag: 'Training',
      summary: 'The scientific materials carrying every tag named (`tags[]`), newest first',
    },
    materialFile: {
      tag: 'Training',
      summary: "A material's PDF",
    },
    materialTags: {
      tag: 'Training',
      summary: "The material filter's tags, with counts",
    },
    newsletters: {
      tag: 'Training',
      summary: 'The newsletter archive, newest first',
    },
    newsletterFile: {
      tag: 'Training',
      summary: "A newsletter's PDF",
    },
  },
  cms: {
    posts: {
      tag: 'Content',
      summary: 'The news, newest first, 1-based pages',
    },
    post: {
      tag: 'Content',
      summary: 'An article, its body as structured blocks',
    },
    postImage: {
      tag: 'Content',
      summary: "An article's picture (SVG)",
    },
  },
  survey: {
    current: {
      tag: 'Content',
      summary: "The survey open now with the user's answers",
      description: '`data` is null when none is open.',
    },
    answer: {
      tag: 'Content',
      summary: "Store the user's answers (replacing earlier ones)",
      description: '422 with the messages under `answers.{questionId}`, 409 once the survey has closed.',
      failures: [409],
    },
  },
  messages: {
    list: {
      tag: 'Content',
      summary: "The active messages with the user's read state, the most pressing first",
    },
    get: {
      tag: 'Content',
      summary: 'One active message with its body',
      description: '404 once it has ended.',
    },
    markRead: {
      tag: 'Content',
      summary: 'Mark a message read for the user (the first time counts)',
    },
  },
  orders: {
    list: {
      tag: 'Orders',
      summary: 'The orders sent, newest first, with lines and totals',
    },
    get: {
      tag: 'Orders',
      summary: 'One order with its shipments, invoices, refunds and timeline',
      description: 'No invoices nor refunds for a user who may not see invoices.',
    },
    reorder: {
      tag: 'Orders',
      summary: "Put an order's lines back in the cart",
      description:
        "Added to what the cart holds. Products no longer sold are skipped and listed; a line over the most one line may hold is cut to it and listed. The cart's rules apply as on any save (406 over the monthly cap, and then nothing is written).",
      failures: [406],
    },
  },
  documents: {
    shipments: {
      tag: 'Documents',
      summary: "The ERP's shipments with their lines and order",
    },
    invoices: {
      tag: 'Documents',
      summary: 'The invoices, each with its `pdf_url`',
      description:
        'Optionally only those issued `from`/`to` a day and whose number has `number`. 403 without permission.',
    },
    refunds: {
      tag: 'Documents',
      summary: 'The facturas rectificativas, each naming the invoice it corrects',
      description: '403 without permission.',
    },
    pdf: {
      tag: 'Documents',
      summary: "An invoice's or refund's PDF, by the unguessable name in its `pdf_url`",
    },
  },
  purchases: purchasesDocs,
  shortage: shortageDocs,
  delivery: deliveryDocs,
};
