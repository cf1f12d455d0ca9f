/**
 * `createApiClient`: every endpoint of the /api/v1 contract as one documented function, grouped by
 * area. Built on ky 2: cookies travel with every call (`credentials: 'include'`), every POST, PUT and
 * DELETE first fetches the CSRF cookie and sends it back in `X-XSRF-TOKEN` (spec §7, Sanctum), every
 * answer is parsed with its zod schema, and every failure is one `ApiError`.
 */
import ky, { type KyInstance } from 'ky';
import type * as z from 'zod/mini';
import { CookieJar } from './cookie-jar.ts';
import {
  type AccessAnswer,
  AccessAnswerSchema,
  type AccountDiscountResponse,
  AccountDiscountResponseSchema,
  type AnswerSurveyRequest,
  AnswerSurveyResponseSchema,
  type Cart,
  CartSchema,
  CategoriesResponseSchema,
  CategoryResponseSchema,
  type ChangePasswordRequest,
  type ChangePasswordResponse,
  ChangePasswordResponseSchema,
  type CheckoutRequest,
  type CheckResetRequest,
  type CheckResetResponse,
  CheckResetResponseSchema,
  type ClientResponse,
  ClientResponseSchema,
  type ConfigurationsResponse,
  ConfigurationsResponseSchema,
  type CurrentSurveyResponse,
  CurrentSurveyResponseSchema,
  type DocumentsQuery,
  type ErpShipmentsResponse,
  ErpShipmentsResponseSchema,
  type InvoicesQuery,
  type InvoicesResponse,
  InvoicesResponseSchema,
  type LabMessageResponse,
  LabMessageResponseSchema,
  type LabMessagesResponse,
  LabMessagesResponseSchema,
  type LaboratoryIdentity,
  LaboratorySchema,
  type LoginRequest,
  type MaterialsQuery,
  type MaterialsResponse,
  MaterialsResponseSchema,
  type MaterialTagsResponse,
  MaterialTagsResponseSchema,
  type MonthlyPurchasesResponse,
  MonthlyPurchasesResponseSchema,
  type NewslettersQuery,
  type NewslettersResponse,
  NewslettersResponseSchema,
  type OrderDetail,
  OrderDetailResponseSchema,
  OrderResponseSchema,
  type OrdersQuery,
  type OrdersResponse,
  OrdersResponseSchema,
  PostResponseSchema,
  type PostsQuery,
  type PostsResponse,
  PostsResponseSchema,
  type PriceRange,
  PriceRangeSchema,
  ProductResponseSchema,
  type ProductSearchRequest,
  type ProductSearchResponse,
  ProductSearchResponseSchema,
  type RefundsResponse,
  RefundsResponseSchema,
  type RegisterRequest,
  type ReorderResponse,
  ReorderResponseSchema,
  type ResetPasswordRequest,
  type SaveCartRequest,
  type SearchRequest,
  type SearchResponse,
  SearchResponseSchema,
  type SendResetRequest,
  type ShopsResponse,
  ShopsResponseSchema,
  ShowcaseResponseSchema,
  type SubUserCreateRequest,
  type SubUserResponse,
  SubUserResponseSchema,
  type SubUsersResponse,
  SubUsersResponseSchema,
  type SubUserUpdateRequest,
  TagsResponseSchema,
  type User,
  UserSchema,
  VolumeRulesResponseSchema,
  WebinarResponseSchema,
  type WebinarsQuery,
  type WebinarsResponse,
  WebinarsResponseSchema,
} from './schemas/index.ts';
import { toSearchParams } from './search-params.ts';
import { schemaMismatch, toApiError } from './to-api-error.ts';

/** Options of `createApiClient`. */
export interface ApiClientOptions {
  /** Where the API lives, e.g. `https://api.example.com` or `/` for the page's own origin. */
  baseUrl: string | URL;
  /**
   * Milliseconds to wait for an answer before failing with an `ApiError` of status 'timeout'.
   * @default 10000
   */
  timeout?: number;
  /** A fetch to use instead of the global one (tests, instrumentation). */
  fetch?: typeof fetch;
  /**
   * Where cookies live: the browser's own store, or a jar inside the client (for Node, where there is
   * no `document.cookie`).
   * @default 'browser' when `document` exists, else 'jar'
   */
  cookies?: 'browser' | 'jar';
}

const XSRF_COOKIE = 'XSRF-TOKEN';
const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** The page's document, if any (typed here so the client also type-checks without the DOM library). */
function pageDocument(): { cookie: string } | undefined {
  return (globalThis as { document?: { cookie: string } }).document;
}

function browserCookie(name: string): string | undefined {
  const prefix = `${name}=`;
  const found = (pageDocument()?.cookie ?? '').split('; ').find((part) => part.startsWith(prefix));
  return found === undefined ? undefined : decodeURIComponent(found.slice(prefix.length));
}

type Schema = z.ZodMiniType;

/**
 * Creates a client of Botica's API.
 * @example
 * const api = createApiClient({ baseUrl: 'http://localhost:8080' });
 * await api.auth.login({ username: 'farmacia.demo', password: 'Botica2026' });
 * const { hits } = await api.search.query({ query: 'equinácea' });
 */
export function createApiClient(options: ApiClientOptions) {
  const useJar = (options.cookies ?? (pageDocument() === undefined ? 'jar' : 'browser')) === 'jar';
  const jar = new CookieJar();
  const baseFetch: typeof fetch = options.fetch ?? ((input, init) => globalThis.fetch(input, init));
  const readCookie = (name: string) => {
    if (!useJar) return browserCookie(name);
    const raw = jar.get(name);
    return raw === undefined ? undefined : decodeURIComponent(raw);
  };

  const fetchWithJar: typeof fetch = async (input, init) => {
    const request = new Request(input, init);
    const cookie = jar.header();
    if (cookie) request.headers.set('cookie', cookie);
    const response = await baseFetch(request);
    jar.store(response.headers.getSetCookie?.() ?? []);
    return response;
  };

  const http: KyInstance = ky.create({
    baseUrl: options.baseUrl,
    timeout: options.timeout ?? 10_000,
    credentials: 'include',
    retry: 0,
    headers: { accept: 'application/json', 'x-requested-with': 'XMLHttpRequest' },
    fetch: useJar ? fetchWithJar : baseFetch,
    hooks: {
      beforeRequest: [
        async ({ request }) => {
          if (!STATE_CHANGING.has(request.method)) return;
          await http.get('sanctum/csrf-cookie');
          const token = readCookie(XSRF_COOKIE);
          if (token) request.headers.set('x-xsrf-token', token);
        },
      ],
    },
  });

  /** One call: the request, the schema check of the answer, and every failure as an ApiError. */
  async function call<S extends Schema>(
    method: 'get' | 'post' | 'put' | 'delete',
    path: string,
    schema: S,
    body?: { json?: unknown; searchParams?: URLSearchParams },
  ): Promise<z.infer<S>>;
  async function call<S extends Schema>(
    method: 'get' | 'post' | 'put' | 'delete',
    path: string,
    schema: S | null,
    body?: { json?: unknown; searchParams?: URLSearchParams },
    allowEmpty?: boolean,
  ): Promise<z.infer<S> | null>;
  async function call<S extends Schema>(
    method: 'get' | 'post' | 'put' | 'delete',
    path: string,
    schema: S | null,
    body: { json?: unknown; searchParams?: URLSearchParams } = {},
    allowEmpty = false,
  ): Promise<z.infer<S> | null> {
    try {
      const response = await http(path, { method, ...body });
      if (schema === null || (allowEmpty && response.status === 204)) return null;
      const data: unknown = response.status === 204 ? undefined : await response.json();
      const parsed = schema.safeParse(data);
      if (!parsed.success) throw schemaMismatch(response.status, parsed.error.issues);
      return parsed.data as z.infer<S>;
    } catch (error) {
      throw toApiError(error);
    }
  }

  return {
    /** Sessions (Laravel Sanctum's SPA model) and the logged-in user. */
    auth: {
      /** `GET /sanctum/csrf-cookie`: starts a session and sets the `XSRF-TOKEN` cookie (done before every POST anyway). */
      csrfCookie: async (): Promise<void> => {
        await call('get', 'sanctum/csrf-cookie', null);
      },
      /**
       * `POST /api/v1/auth/login`: logs in and returns the user. Wrong credentials are a 422 with the
       * message under `username`; too many attempts (5 per username or 20 per address in 15 minutes by
       * default) are a 429 with `Retry-After` and the message also under `username`.
       */
      login: (credentials: LoginRequest): Promise<User> =>
        call('post', 'api/v1/auth/login', UserSchema, { json: credentials }),
      /** `GET /api/v1/auth/logout`: ends the session. */
      logout: async (): Promise<void> => {
        await call('get', 'api/v1/auth/logout', null);
      },
      /** `GET /api/v1/user`: the logged-in user (401 when there is none). */
      user: (): Promise<User> => call('get', 'api/v1/user', UserSchema),
    },

    /**
     * Access without a session: a pharmacy's registration request and the password recovery. Each
     * answers a Spanish sentence for the user (`ACCESS_MESSAGES`); field problems are 422s with the
     * messages under the fields, too many attempts a 429 with `Retry-After`.
     */
    access: {
      /** `POST /api/v1/register`: asks for a pharmacy's account (202, the same answer for known names). */
      register: (request: RegisterRequest): Promise<AccessAnswer> =>
        call('post', 'api/v1/register', AccessAnswerSchema, { json: request }),
      /** `POST /api/v1/password/send_reset`: e-mails a reset link (202, the same answer for unknown users). */
      sendReset: (request: SendResetRequest): Promise<AccessAnswer> =>
        call('post', 'api/v1/password/send_reset', AccessAnswerSchema, { json: request }),
      /** `POST /api/v1/password/check_reset`: whether a reset link's secret can still be used. */
      checkReset: (request: CheckResetRequest): Promise<CheckResetResponse> =>
        call('post', 'api/v1/password/check_reset', CheckResetResponseSchema, { json: request }),
      /** `POST /api/v1/password/reset`: sets the new password and ends every session of the user. */
      resetPassword: (request: ResetPasswordRequest): Promise<AccessAnswer> =>
        call('post', 'api/v1/password/reset', AccessAnswerSchema, { json: request }),
    },

    /**
     * The account area (MI CUENTA): the pharmacy, its sales team, shops and discount group, the
     * password change and the sub-users. Another client's id is a 403; only the main user manages
     * sub-users (a sub-user gets 403).
     */
    account: {
      /** `GET /api/v1/clients/{clientId}`: the pharmacy, its sales rep and the sales administration. */
      client: (clientId: number): Promise<ClientResponse> =>
        call('get', `api/v1/clients/${clientId}`, ClientResponseSchema),
      /** `GET /api/v1/clients/{clientId}/shops`: the pharmacy's shops, the main premises first. */
      shops: (clientId: number): Promise<ShopsResponse> =>
        call('get', `api/v1/clients/${clientId}/shops`, ShopsResponseSchema),
      /** `GET /api/v1/driver/customers/clients/discounts`: the session's pharmacy's discount group. */
      discount: (): Promise<AccountDiscountResponse> =>
        call('get', 'api/v1/driver/customers/clients/discounts', AccountDiscountResponseSchema),
      /**
       * `PUT /api/v1/user/change_password`: 422 under the field at fault (`current_password` when it is
       * wrong), 429 past the attempt limits. Ends every other session of the user; this one is renewed.
       */
      changePassword: (request: ChangePasswordRequest): Promise<ChangePasswordResponse> =>
        call('put', 'api/v1/user/change_password', ChangePasswordResponseSchema, { json: request }),
      /** `GET /api/v1/driver/customers/clients/{clientId}/users`: the sub-users. */
      users: (clientId: number): Promise<SubUsersResponse> =>
        call('get', `api/v1/driver/customers/clients/${clientId}/users`, SubUsersResponseSchema),
      /** `POST /api/v1/driver/customers/clients/{clientId}/users`: creates a sub-user and e-mails its invitation. */
      createUser: (clientId: number, request: SubUserCreateRequest): Promise<SubUserResponse> =>
        call('post', `api/v1/driver/customers/clients/${clientId}/users`, SubUserResponseSchema, {
          json: request,
        }),
      /** `PUT /api/v1/driver/customers/clients/{clientId}/users/{userId}`: changes a sub-user. */
      updateUser: (
        clientId: number,
        userId: number,
        request: SubUserUpdateRequest,
      ): Promise<SubUserResponse> =>
        call('put', `api/v1/driver/customers/clients/${clientId}/users/${userId}`, SubUserResponseSchema, {
          json: request,
        }),
      /** `DELETE /api/v1/driver/customers/clients/{clientId}/users/{userId}`: deletes a sub-user, ending its sessions. */
      deleteUser: async (clientId: number, userId: number): Promise<void> => {
        await call('delete', `api/v1/driver/customers/clients/${clientId}/users/${userId}`, null);
      },
    },

    /** The laboratory's settings. */
    configurations: {
      /** `GET /api/v1/configurations?per_page=500`: every key/value pair (minimum order, monthly cap…). */
      list: (): Promise<ConfigurationsResponse> =>
        call('get', 'api/v1/configurations', ConfigurationsResponseSchema, {
          searchParams: toSearchParams({ per_page: 500 }),
        }),
      /** `GET /api/v1/laboratory` (public): the laboratory's identity, for the footer and the legal pages. */
      laboratory: (): Promise<LaboratoryIdentity> => call('get', 'api/v1/laboratory', LaboratorySchema),
    },

    /** Categories, tags and products. */
    catalogue: {
      /** `GET /api/v1/categories`: both trees (1: ranges, 2: health problems) with product counts. */
      categories: (): Promise<z.infer<typeof CategoriesResponseSchema>> =>
        call('get', 'api/v1/categories', CategoriesResponseSchema),
      /** `GET /api/v1/categories/{id}`: one category and its subtree. */
      category: (id: number) => call('get', `api/v1/categories/${id}`, CategoryResponseSchema),
      /** `GET /api/v1/tags`. */
      tags: () => call('get', 'api/v1/tags', TagsResponseSchema),
      /** `POST /api/v1/products/search`: the catalogue's filters, sort and pagination (1-based). */
      searchProducts: (filters: ProductSearchRequest = {}): Promise<ProductSearchResponse> =>
        call('post', 'api/v1/products/search', ProductSearchResponseSchema, { json: filters }),
      /** `GET /api/v1/products/{id}`: the product page, with the client's `final_price`. */
      product: (id: number) => call('get', `api/v1/products/${id}`, ProductResponseSchema),
      /** `GET /api/v1/products/{id}/table-cartrules`: the volume tiers and the client's unit price in each. */
      volumeRules: (id: number) =>
        call('get', `api/v1/products/${id}/table-cartrules`, VolumeRulesResponseSchema),
      /** `GET /api/v1/products/maxMinPrices`: the price filter's bounds. */
      priceRange: (): Promise<PriceRange> => call('get', 'api/v1/products/maxMinPrices', PriceRangeSchema),
    },

    /** The search box. */
    search: {
      /** `POST /api/v1/search`: references, names (accents, case and a typo forgiven); 20 hits a page, page 0-based. */
      query: (request: SearchRequest): Promise<SearchResponse> =>
        call('post', 'api/v1/search', SearchResponseSchema, { json: request }),
    },

    /** The cart ('Mi pedido'). */
    cart: {
      /** `GET /api/v1/cart`: the open cart, or null when there is none (204). */
      get: (): Promise<Cart | null> => call('get', 'api/v1/cart', CartSchema, {}, true),
      /** `POST /api/v1/cart`: replaces the lines and returns the recomputed cart (406 over the monthly cap). */
      save: (request: SaveCartRequest): Promise<Cart> =>
        call('post', 'api/v1/cart', CartSchema, { json: request }),
      /**
       * `POST /api/v1/clients/{clientId}/cart/{cartId}/checkout`: sends the order. Idempotent: the same
       * cart answers the same order. 422 below the minimum order, 406 over the monthly cap.
       */
      checkout: (clientId: number, cartId: number, request: CheckoutRequest = {}) =>
        call('post', `api/v1/clients/${clientId}/cart/${cartId}/checkout`, OrderResponseSchema, {
          json: request,
        }),
      /**
       * `GET /api/v1/clients/{clientId}/monthly-purchases`: this month's orders as the monthly cap
       * counts them (Europe/Madrid; cancelled orders left out).
       */
      monthlyPurchases: (clientId: number): Promise<MonthlyPurchasesResponse> =>
        call('get', `api/v1/clients/${clientId}/monthly-purchases`, MonthlyPurchasesResponseSchema),
    },

    /** The laboratory's showcase. */
    showcase: {
      /** `GET /api/v1/driver/showcase`: the home page's banners and featured products (with the client's prices). */
      get: () => call('get', 'api/v1/driver/showcase', ShowcaseResponseSchema),
    },

    /**
     * Training (Formación): the webinar agenda (public) and history, the signup, the scientific
     * materials and the newsletters (logged in). A file's `url` downloads it with the session.
     */
    training: {
      /**
       * `GET /api/v1/driver/training/webinars`: `when: 'upcoming'` (the default; soonest first, for
       * anyone) or `'past'` (latest first, with recordings and materials; 401 without a session).
       */
      webinars: (query: WebinarsQuery = {}): Promise<WebinarsResponse> =>
        call('get', 'api/v1/driver/training/webinars', WebinarsResponseSchema, {
          searchParams: toSearchParams({
            when: query.when,
            page: query.page,
            per_page: query.per_page,
          }),
        }),
      /**
       * `GET /api/v1/driver/training/webinars/{id}`: the webinar page; `join_url` only to a
       * signed-up user from 15 minutes before the start until the end.
       */
      webinar: (id: number) => call('get', `api/v1/driver/training/webinars/${id}`, WebinarResponseSchema),
      /**
       * `POST /api/v1/driver/training/webinars/{id}/signup`: signs the logged-in user up (again is
       * harmless) and answers the webinar; the confirmation e-mail carries an .ics invitation. 409
       * once the webinar has ended.
       */
      signUp: (id: number) =>
        call('post', `api/v1/driver/training/webinars/${id}/signup`, WebinarResponseSchema, { json: {} }),
      /** `DELETE /api/v1/driver/training/webinars/{id}/signup`: cancels the signup (if any) and answers the webinar. */
      cancelSignup: (id: number) =>
        call('delete', `api/v1/driver/training/webinars/${id}/signup`, WebinarResponseSchema),
      /**
       * `GET /api/v1/driver/training/materials`: the documents carrying every tag named (`tags[]`),
       * newest first.
       */
      materials: (query: MaterialsQuery = {}): Promise<MaterialsResponse> =>
        call('get', 'api/v1/driver/training/materials', MaterialsResponseSchema, {
          searchParams: toSearchParams({
            tags: query.tags,
            page: query.page,
            per_page: query.per_page,
          }),
        }),
      /** `GET /api/v1/driver/training/materials_tags`: the material filter's tags, with counts. */
      materialTags: (): Promise<MaterialTagsResponse> =>
        call('get', 'api/v1/driver/training/materials_tags', MaterialTagsResponseSchema),
      /** `GET /api/v1/driver/training/newsletters`: the archive, newest first. */
      newsletters: (query: NewslettersQuery = {}): Promise<NewslettersResponse> =>
        call('get', 'api/v1/driver/training/newsletters', NewslettersResponseSchema, {
          searchParams: toSearchParams({
            page: query.page,
            per_page: query.per_page,
          }),
        }),
    },

    /** The laboratory's news (Noticias), public. */
    cms: {
      /** `GET /api/v1/cms/posts`: newest first, 1-based pages. */
      posts: (query: PostsQuery = {}): Promise<PostsResponse> =>
        call('get', 'api/v1/cms/posts', PostsResponseSchema, {
          searchParams: toSearchParams({
            page: query.page,
            per_page: query.per_page,
          }),
        }),
      /** `GET /api/v1/cms/posts/{id}`: the article, its body as structured blocks. */
      post: (id: number) => call('get', `api/v1/cms/posts/${id}`, PostResponseSchema),
    },

    /** The laboratory's survey, 'Te escuchamos'. */
    survey: {
      /** `GET /api/v1/driver/survey`: the survey open now with the user's answers; `data` null when none is open. */
      current: (): Promise<CurrentSurveyResponse> =>
        call('get', 'api/v1/driver/survey', CurrentSurveyResponseSchema),
      /**
       * `PUT /api/v1/driver/survey/{id}/answer`: stores the user's answers (replacing earlier ones) while
       * the survey is open. 422 with the messages under `answers.{questionId}`, 409 once it has closed.
       */
      answer: (surveyId: number, request: AnswerSurveyRequest) =>
        call('put', `api/v1/driver/survey/${surveyId}/answer`, AnswerSurveyResponseSchema, { json: request }),
    },

    /** The laboratory's messages to the pharmacies (closures, price changes, recalls). */
    messages: {
      /** `GET /api/v1/messages`: the active messages with the user's read state, the most pressing first. */
      list: (): Promise<LabMessagesResponse> => call('get', 'api/v1/messages', LabMessagesResponseSchema),
      /** `GET /api/v1/messages/{id}`: one active message with its body (404 once it has ended). */
      get: (id: number): Promise<LabMessageResponse> =>
        call('get', `api/v1/messages/${id}`, LabMessageResponseSchema),
      /** `POST /api/v1/messages/{id}/read`: marks it read for the user (the first time counts) and returns it. */
      markRead: (id: number): Promise<LabMessageResponse> =>
        call('post', `api/v1/messages/${id}/read`, LabMessageResponseSchema),
    },

    /** Orders sent (PEDIDOS WEB). */
    orders: {
      /** `GET /api/v1/clients/{clientId}/orders`: newest first, with lines and totals. */
      list: (clientId: number, query: OrdersQuery = {}): Promise<OrdersResponse> =>
        call('get', `api/v1/clients/${clientId}/orders`, OrdersResponseSchema, {
          searchParams: toSearchParams({
            page: query.page,
            per_page: query.per_page,
            from: query.from,
            to: query.to,
            status: query.status,
          }),
        }),
      /**
       * `GET /api/v1/clients/{clientId}/orders/{orderId}`: one order with its shipments, invoices,
       * refunds and timeline (no invoices nor refunds for a user who may not see invoices).
       */
      get: async (clientId: number, orderId: number): Promise<OrderDetail> =>
        (await call('get', `api/v1/clients/${clientId}/orders/${orderId}`, OrderDetailResponseSchema)).data,
      /**
       * `POST /api/v1/clients/{clientId}/orders/{orderId}/reorder`: puts the order's lines back in the
       * cart, added to what it holds. Products no longer sold are skipped and listed; a line over the
       * most one line may hold is cut to it and listed. The cart's rules apply as on any save (406
       * over the monthly cap, and then nothing is written).
       */
      reorder: (clientId: number, orderId: number): Promise<ReorderResponse> =>
        call('post', `api/v1/clients/${clientId}/orders/${orderId}/reorder`, ReorderResponseSchema, {
          json: {},
        }),
    },

    /** The documents of the pharmacy's account: shipments, invoices and refunds, newest first. */
    documents: {
      /** `GET /api/v1/clients/{clientId}/erp_shipments`: the ERP's shipments with their lines and order. */
      shipments: (clientId: number, query: DocumentsQuery = {}): Promise<ErpShipmentsResponse> =>
        call('get', `api/v1/clients/${clientId}/erp_shipments`, ErpShipmentsResponseSchema, {
          searchParams: toSearchParams({ page: query.page, per_page: query.per_page }),
        }),
      /**
       * `GET /api/v1/clients/{clientId}/invoices?page={n}`: each with its `pdf_url` (403 without
       * permission); optionally only those issued `from`/`to` a day and whose number has `number`.
       */
      invoices: (clientId: number, query: InvoicesQuery = {}): Promise<InvoicesResponse> =>
        call('get', `api/v1/clients/${clientId}/invoices`, InvoicesResponseSchema, {
          searchParams: invoicesSearchParams(query),
        }),
      /**
       * `GET /api/v1/driver/customers/clients/{clientId}/refunds?page={n}`: the facturas
       * rectificativas, each naming the invoice it corrects (403 without permission).
       */
      refunds: (clientId: number, query: InvoicesQuery = {}): Promise<RefundsResponse> =>
        call('get', `api/v1/driver/customers/clients/${clientId}/refunds`, RefundsResponseSchema, {
          searchParams: invoicesSearchParams(query),
        }),
    },
  };
}

/** The query string of the invoices' and refunds' lists. */
function invoicesSearchParams(query: InvoicesQuery) {
  return toSearchParams({
    page: query.page,
    per_page: query.per_page,
    from: query.from,
    to: query.to,
    number: query.number,
  });
}

/** A client of Botica's API. */
export type ApiClient = ReturnType<typeof createApiClient>;
