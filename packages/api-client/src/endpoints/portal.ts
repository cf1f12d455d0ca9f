/**
 * The portal's endpoints (the pharmacies' area of /api/v1), grouped as the client groups them. Each is
 * defined once here: the server registers it, the client calls it, the OpenAPI document describes it.
 */
import * as z from 'zod/mini';
import { defineEndpoint } from '../endpoint.ts';
import {
  AccessAnswerSchema,
  CheckResetRequestSchema,
  CheckResetResponseSchema,
  RegisterRequestSchema,
  ResetPasswordRequestSchema,
  SendResetRequestSchema,
} from '../schemas/access.ts';
import {
  AccountDiscountResponseSchema,
  ChangePasswordRequestSchema,
  ChangePasswordResponseSchema,
  ClientResponseSchema,
  ShopsResponseSchema,
  SubUserCreateRequestSchema,
  SubUserResponseSchema,
  SubUsersResponseSchema,
  SubUserUpdateRequestSchema,
} from '../schemas/account.ts';
import { LoginRequestSchema, UserSchema } from '../schemas/auth.ts';
import {
  CartSchema,
  CheckoutRequestSchema,
  MonthlyPurchasesResponseSchema,
  OrderResponseSchema,
  OrdersQuerySchema,
  OrdersResponseSchema,
  SaveCartRequestSchema,
} from '../schemas/cart.ts';
import {
  CategoriesResponseSchema,
  CategoryResponseSchema,
  PriceRangeSchema,
  ProductResponseSchema,
  ProductSearchRequestSchema,
  ProductSearchResponseSchema,
  TagsResponseSchema,
  VolumeRulesResponseSchema,
} from '../schemas/catalogue.ts';
import { PostResponseSchema, PostsQuerySchema, PostsResponseSchema } from '../schemas/cms.ts';
import {
  ConfigurationsQuerySchema,
  ConfigurationsResponseSchema,
  LaboratorySchema,
} from '../schemas/configurations.ts';
import {
  DocumentsQuerySchema,
  ErpShipmentsResponseSchema,
  InvoicesQuerySchema,
  InvoicesResponseSchema,
  OrderDetailResponseSchema,
  RefundsResponseSchema,
  ReorderRequestSchema,
  ReorderResponseSchema,
} from '../schemas/documents.ts';
import { LabMessageResponseSchema, LabMessagesResponseSchema } from '../schemas/messages.ts';
import { ProductLookupRequestSchema, ProductLookupResponseSchema } from '../schemas/product-lookup.ts';
import { SearchRequestSchema, SearchResponseSchema } from '../schemas/search.ts';
import { ShowcaseResponseSchema } from '../schemas/showcase.ts';
import {
  AnswerSurveyRequestSchema,
  AnswerSurveyResponseSchema,
  CurrentSurveyResponseSchema,
} from '../schemas/survey.ts';
import {
  MaterialsQuerySchema,
  MaterialsResponseSchema,
  MaterialTagsResponseSchema,
  NewslettersQuerySchema,
  NewslettersResponseSchema,
  WebinarResponseSchema,
  WebinarSignupRequestSchema,
  WebinarsQuerySchema,
  WebinarsResponseSchema,
} from '../schemas/training.ts';
import { ImageSizeSchema, idParams } from './path-params.ts';
import { delivery } from './portal-delivery.ts';
import { purchases } from './portal-purchases.ts';
import { productTraining } from './product-training.ts';
import { shortage } from './shortage.ts';

const ClientParams = idParams('clientId');
const IdParams = idParams('id');

/** Sessions (Laravel Sanctum's SPA model) and the logged-in user. */
export const auth = {
  csrfCookie: defineEndpoint({
    method: 'GET',
    path: '/sanctum/csrf-cookie',
    access: 'public',
    response: null,
  }),
  login: defineEndpoint({
    method: 'POST',
    path: '/api/v1/auth/login',
    access: 'public',
    body: LoginRequestSchema,
    response: UserSchema,
  }),
  logout: defineEndpoint({
    method: 'GET',
    path: '/api/v1/auth/logout',
    access: 'public',
    response: null,
  }),
  user: defineEndpoint({
    method: 'GET',
    path: '/api/v1/user',
    access: 'user',
    response: UserSchema,
  }),
};

/**
 * Access without a session: a pharmacy's registration request and the password recovery. Each
 * answers a Spanish sentence for the user; field problems are 422s with the messages under the
 * fields, too many attempts a 429 with `Retry-After`.
 */
export const access = {
  register: defineEndpoint({
    method: 'POST',
    path: '/api/v1/register',
    access: 'public',
    body: RegisterRequestSchema,
    response: AccessAnswerSchema,
    status: 202,
  }),
  sendReset: defineEndpoint({
    method: 'POST',
    path: '/api/v1/password/send_reset',
    access: 'public',
    body: SendResetRequestSchema,
    response: AccessAnswerSchema,
    status: 202,
  }),
  checkReset: defineEndpoint({
    method: 'POST',
    path: '/api/v1/password/check_reset',
    access: 'public',
    body: CheckResetRequestSchema,
    response: CheckResetResponseSchema,
  }),
  resetPassword: defineEndpoint({
    method: 'POST',
    path: '/api/v1/password/reset',
    access: 'public',
    body: ResetPasswordRequestSchema,
    response: AccessAnswerSchema,
  }),
};

/**
 * The account area (MI CUENTA): the pharmacy, its shops and discount group, the password change and
 * the sub-users. Another client's id is a 403; only the main user manages sub-users.
 */
export const account = {
  client: defineEndpoint({
    method: 'GET',
    path: '/api/v1/clients/{clientId}',
    access: 'own-client',
    params: ClientParams,
    response: ClientResponseSchema,
  }),
  shops: defineEndpoint({
    method: 'GET',
    path: '/api/v1/clients/{clientId}/shops',
    access: 'own-client',
    params: ClientParams,
    response: ShopsResponseSchema,
  }),
  discount: defineEndpoint({
    method: 'GET',
    path: '/api/v1/driver/customers/clients/discounts',
    access: 'client',
    response: AccountDiscountResponseSchema,
  }),
  changePassword: defineEndpoint({
    method: 'PUT',
    path: '/api/v1/user/change_password',
    access: 'user',
    body: ChangePasswordRequestSchema,
    response: ChangePasswordResponseSchema,
  }),
  users: defineEndpoint({
    method: 'GET',
    path: '/api/v1/driver/customers/clients/{clientId}/users',
    access: 'main-user',
    params: ClientParams,
    response: SubUsersResponseSchema,
  }),
  createUser: defineEndpoint({
    method: 'POST',
    path: '/api/v1/driver/customers/clients/{clientId}/users',
    access: 'main-user',
    params: ClientParams,
    body: SubUserCreateRequestSchema,
    response: SubUserResponseSchema,
    status: 201,
  }),
  updateUser: defineEndpoint({
    method: 'PUT',
    path: '/api/v1/driver/customers/clients/{clientId}/users/{userId}',
    access: 'main-user',
    params: idParams('clientId', 'userId'),
    body: SubUserUpdateRequestSchema,
    response: SubUserResponseSchema,
  }),
  deleteUser: defineEndpoint({
    method: 'DELETE',
    path: '/api/v1/driver/customers/clients/{clientId}/users/{userId}',
    access: 'main-user',
    params: idParams('clientId', 'userId'),
    response: null,
  }),
};

/** The laboratory's settings and identity. */
export const configurations = {
  list: defineEndpoint({
    method: 'GET',
    path: '/api/v1/configurations',
    access: 'client',
    query: ConfigurationsQuerySchema,
    response: ConfigurationsResponseSchema,
  }),
  laboratory: defineEndpoint({
    method: 'GET',
    path: '/api/v1/laboratory',
    access: 'public',
    response: LaboratorySchema,
  }),
};

/**
 * An image's size as the path carries it: documented as the sizes, but any text reaches the server,
 * which answers another one with its own 404 ('El tamaño de imagen no existe…').
 */
const ImageSizeParam = z.string().check(z.meta({ enum: ImageSizeSchema.options }));

/**
 * A product image's id or number as the path carries it: any text, since one that names no picture
 * (`abc`, `0`, too many digits) gets the default picture, not a 404.
 */
const ImageNumberParam = z.string();

/**
 * The version an image's address carries (`?v=`), which the API writes into the addresses it gives
 * out: any text, since an old or unknown one only shortens how long the answer may be cached.
 */
const ImageVersionQuery = z.object({ v: z.optional(z.string()) });

/** Categories, tags and products. */
export const catalogue = {
  categories: defineEndpoint({
    method: 'GET',
    path: '/api/v1/categories',
    access: 'client',
    response: CategoriesResponseSchema,
  }),
  category: defineEndpoint({
    method: 'GET',
    path: '/api/v1/categories/{id}',
    access: 'client',
    params: IdParams,
    response: CategoryResponseSchema,
  }),
  tags: defineEndpoint({
    method: 'GET',
    path: '/api/v1/tags',
    access: 'client',
    response: TagsResponseSchema,
  }),
  searchProducts: defineEndpoint({
    method: 'POST',
    path: '/api/v1/products/search',
    access: 'client',
    body: ProductSearchRequestSchema,
    optionalBody: true,
    response: ProductSearchResponseSchema,
  }),
  priceRange: defineEndpoint({
    method: 'GET',
    path: '/api/v1/products/maxMinPrices',
    access: 'client',
    response: PriceRangeSchema,
  }),
  product: defineEndpoint({
    method: 'GET',
    path: '/api/v1/products/{id}',
    access: 'client',
    params: IdParams,
    response: ProductResponseSchema,
  }),
  volumeRules: defineEndpoint({
    method: 'GET',
    path: '/api/v1/products/{id}/table-cartrules',
    access: 'client',
    params: IdParams,
    response: VolumeRulesResponseSchema,
  }),
  defaultImage: defineEndpoint({
    method: 'GET',
    path: '/api/v1/products/images/default/{size}',
    access: 'public',
    params: z.object({ size: ImageSizeParam }),
    response: { file: 'image/svg+xml' },
  }),
  productImage: defineEndpoint({
    method: 'GET',
    path: '/api/v1/products/{id}/images/{n}/{size}',
    access: 'public',
    params: z.object({ id: ImageNumberParam, n: ImageNumberParam, size: ImageSizeParam }),
    query: ImageVersionQuery,
    // The laboratory's uploaded picture, else the drawn one.
    response: { file: ['image/webp', 'image/svg+xml'] },
  }),
};

/** The quick order: many codes as typed resolved to products in one call. */
export const quickOrder = {
  lookup: defineEndpoint({
    method: 'POST',
    path: '/api/v1/products/lookup',
    access: 'client',
    body: ProductLookupRequestSchema,
    response: ProductLookupResponseSchema,
  }),
};

/** The search box. */
export const search = {
  query: defineEndpoint({
    method: 'POST',
    path: '/api/v1/search',
    access: 'client',
    body: SearchRequestSchema,
    response: SearchResponseSchema,
  }),
};

/** The cart ('Mi pedido'), the checkout and the month's purchases. */
export const cart = {
  get: defineEndpoint({
    method: 'GET',
    path: '/api/v1/cart',
    access: 'client',
    response: CartSchema,
    emptyWhenNone: true,
  }),
  save: defineEndpoint({
    method: 'POST',
    path: '/api/v1/cart',
    access: 'client',
    body: SaveCartRequestSchema,
    response: CartSchema,
  }),
  checkout: defineEndpoint({
    method: 'POST',
    path: '/api/v1/clients/{clientId}/cart/{cartId}/checkout',
    access: 'can-send-orders',
    params: idParams('clientId', 'cartId'),
    body: CheckoutRequestSchema,
    optionalBody: true,
    response: OrderResponseSchema,
    status: 201,
    alsoStatus: 200,
  }),
  monthlyPurchases: defineEndpoint({
    method: 'GET',
    path: '/api/v1/clients/{clientId}/monthly-purchases',
    access: 'own-client',
    params: ClientParams,
    response: MonthlyPurchasesResponseSchema,
  }),
};

/** The laboratory's showcase. */
export const showcase = {
  get: defineEndpoint({
    method: 'GET',
    path: '/api/v1/driver/showcase',
    access: 'client',
    response: ShowcaseResponseSchema,
  }),
};

/**
 * Training (Formación): the webinar agenda (public) and history, the signup, the scientific
 * materials and the newsletters. A file's `url` downloads it with the session.
 */
export const training = {
  webinars: defineEndpoint({
    method: 'GET',
    path: '/api/v1/driver/training/webinars',
    access: 'public',
    query: WebinarsQuerySchema,
    response: WebinarsResponseSchema,
  }),
  webinar: defineEndpoint({
    method: 'GET',
    path: '/api/v1/driver/training/webinars/{id}',
    access: 'public',
    params: IdParams,
    response: WebinarResponseSchema,
  }),
  signUp: defineEndpoint({
    method: 'POST',
    path: '/api/v1/driver/training/webinars/{id}/signup',
    access: 'client',
    params: IdParams,
    body: WebinarSignupRequestSchema,
    optionalBody: true,
    response: WebinarResponseSchema,
  }),
  cancelSignup: defineEndpoint({
    method: 'DELETE',
    path: '/api/v1/driver/training/webinars/{id}/signup',
    access: 'client',
    params: IdParams,
    response: WebinarResponseSchema,
  }),
  materials: defineEndpoint({
    method: 'GET',
    path: '/api/v1/driver/training/materials',
    access: 'client',
    query: MaterialsQuerySchema,
    response: MaterialsResponseSchema,
  }),
  materialFile: defineEndpoint({
    method: 'GET',
    path: '/api/v1/driver/training/materials/{id}/file',
    access: 'client',
    params: IdParams,
    response: { file: 'application/pdf' },
  }),
  materialTags: defineEndpoint({
    method: 'GET',
    path: '/api/v1/driver/training/materials_tags',
    access: 'client',
    response: MaterialTagsResponseSchema,
  }),
  newsletters: defineEndpoint({
    method: 'GET',
    path: '/api/v1/driver/training/newsletters',
    access: 'client',
    query: NewslettersQuerySchema,
    response: NewslettersResponseSchema,
  }),
  newsletterFile: defineEndpoint({
    method: 'GET',
    path: '/api/v1/driver/training/newsletters/{id}/file',
    access: 'client',
    params: IdParams,
    response: { file: 'application/pdf' },
  }),
};

/** The laboratory's news (Noticias), public. */
export const cms = {
  posts: defineEndpoint({
    method: 'GET',
    path: '/api/v1/cms/posts',
    access: 'public',
    query: PostsQuerySchema,
    response: PostsResponseSchema,
  }),
  post: defineEndpoint({
    method: 'GET',
    path: '/api/v1/cms/posts/{id}',
    access: 'public',
    params: IdParams,
    response: PostResponseSchema,
  }),
  postImage: defineEndpoint({
    method: 'GET',
    path: '/api/v1/cms/posts/{id}/image',
    access: 'public',
    params: IdParams,
    response: { file: 'image/svg+xml' },
  }),
};

/** The laboratory's survey, 'Te escuchamos'. */
export const survey = {
  current: defineEndpoint({
    method: 'GET',
    path: '/api/v1/driver/survey',
    access: 'client',
    response: CurrentSurveyResponseSchema,
  }),
  answer: defineEndpoint({
    method: 'PUT',
    path: '/api/v1/driver/survey/{id}/answer',
    access: 'client',
    params: IdParams,
    body: AnswerSurveyRequestSchema,
    response: AnswerSurveyResponseSchema,
  }),
};

/** The laboratory's messages to the pharmacies (closures, price changes, recalls). */
export const messages = {
  list: defineEndpoint({
    method: 'GET',
    path: '/api/v1/messages',
    access: 'client',
    response: LabMessagesResponseSchema,
  }),
  get: defineEndpoint({
    method: 'GET',
    path: '/api/v1/messages/{id}',
    access: 'client',
    params: IdParams,
    response: LabMessageResponseSchema,
  }),
  markRead: defineEndpoint({
    method: 'POST',
    path: '/api/v1/messages/{id}/read',
    access: 'client',
    params: IdParams,
    response: LabMessageResponseSchema,
  }),
};

/** Orders sent (PEDIDOS WEB). */
export const orders = {
  list: defineEndpoint({
    method: 'GET',
    path: '/api/v1/clients/{clientId}/orders',
    access: 'own-client',
    params: ClientParams,
    query: OrdersQuerySchema,
    response: OrdersResponseSchema,
  }),
  get: defineEndpoint({
    method: 'GET',
    path: '/api/v1/clients/{clientId}/orders/{orderId}',
    access: 'own-client',
    params: idParams('clientId', 'orderId'),
    response: OrderDetailResponseSchema,
  }),
  reorder: defineEndpoint({
    method: 'POST',
    path: '/api/v1/clients/{clientId}/orders/{orderId}/reorder',
    access: 'own-client',
    params: idParams('clientId', 'orderId'),
    body: ReorderRequestSchema,
    optionalBody: true,
    response: ReorderResponseSchema,
  }),
};

/** The documents of the pharmacy's account: shipments, invoices and refunds, newest first. */
export const documents = {
  shipments: defineEndpoint({
    method: 'GET',
    path: '/api/v1/clients/{clientId}/erp_shipments',
    access: 'own-client',
    params: ClientParams,
    query: DocumentsQuerySchema,
    response: ErpShipmentsResponseSchema,
  }),
  invoices: defineEndpoint({
    method: 'GET',
    path: '/api/v1/clients/{clientId}/invoices',
    access: 'can-view-invoices',
    params: ClientParams,
    query: InvoicesQuerySchema,
    response: InvoicesResponseSchema,
  }),
  refunds: defineEndpoint({
    method: 'GET',
    path: '/api/v1/driver/customers/clients/{clientId}/refunds',
    access: 'can-view-invoices',
    params: ClientParams,
    query: InvoicesQuerySchema,
    response: RefundsResponseSchema,
  }),
  pdf: defineEndpoint({
    method: 'GET',
    path: '/api/v1/documents/{file}',
    access: 'can-view-invoices',
    params: z.object({ file: z.string() }),
    response: { file: 'application/pdf' },
  }),
};

/** Every endpoint of the portal's area, by group. */
export const portalEndpoints = {
  auth,
  access,
  account,
  configurations,
  catalogue,
  search,
  quickOrder,
  cart,
  showcase,
  training,
  productTraining,
  cms,
  survey,
  messages,
  orders,
  documents,
  purchases,
  shortage,
  delivery,
};
