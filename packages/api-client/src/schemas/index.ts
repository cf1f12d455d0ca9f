/**
 * The wire shapes of the /api/v1 contract: one zod (mini) schema per request and response, shared by
 * the client (which parses every answer) and the server (which validates every request and answer).
 * Published as `@botica/api-client/schemas`.
 */
export type {
  AccessAnswer,
  CheckResetRequest,
  CheckResetResponse,
  RegisterRequest,
  ResetPasswordRequest,
  SendResetRequest,
} from './access.ts';
export {
  ACCESS_MESSAGES,
  AccessAnswerSchema,
  CheckResetRequestSchema,
  CheckResetResponseSchema,
  RegisterRequestSchema,
  ResetPasswordRequestSchema,
  SendResetRequestSchema,
} from './access.ts';
export type {
  AccountDiscount,
  AccountDiscountResponse,
  ChangePasswordRequest,
  ChangePasswordResponse,
  Client,
  ClientResponse,
  SalesContact,
  SalesRep,
  Shop,
  ShopsResponse,
  SubUser,
  SubUserCreateRequest,
  SubUserResponse,
  SubUsersResponse,
  SubUserUpdateRequest,
} from './account.ts';
export {
  AccountDiscountResponseSchema,
  AccountDiscountSchema,
  ChangePasswordRequestSchema,
  ChangePasswordResponseSchema,
  ClientResponseSchema,
  ClientSchema,
  MAX_SUB_USERS,
  SalesContactSchema,
  SalesRepSchema,
  ShopSchema,
  ShopsResponseSchema,
  SubUserCreateRequestSchema,
  SubUserResponseSchema,
  SubUserSchema,
  SubUsersResponseSchema,
  SubUserUpdateRequestSchema,
} from './account.ts';
export type { LoginRequest, Role, User } from './auth.ts';
export { LoginRequestSchema, RoleSchema, UserSchema } from './auth.ts';
export type {
  Cart,
  CartItem,
  CheckoutRequest,
  Discount,
  Order,
  OrdersQuery,
  OrdersResponse,
  SaveCartRequest,
  SurchargeLine,
} from './cart.ts';
export {
  CartItemSchema,
  CartProductSchema,
  CartSchema,
  CheckoutRequestSchema,
  DiscountSchema,
  MAX_CART_LINES,
  MAX_LINE_QUANTITY,
  OrderLineSchema,
  OrderResponseSchema,
  OrderSchema,
  OrderStatusSchema,
  OrdersQuerySchema,
  OrdersResponseSchema,
  SaveCartRequestSchema,
  SurchargeLineSchema,
  SurchargeRateSchema,
  TaxLineSchema,
} from './cart.ts';
export type {
  Category,
  PriceRange,
  Product,
  ProductSearchRequest,
  ProductSearchResponse,
  ProductSort,
  ProductSummary,
  Stock,
  Tag,
  VolumeRule,
} from './catalogue.ts';
export {
  CategoriesResponseSchema,
  CategoryResponseSchema,
  CategorySchema,
  MAX_SEARCH_CATEGORIES,
  MAX_SEARCH_PAGE_SIZE,
  MAX_SEARCH_TAGS,
  PriceRangeSchema,
  ProductResponseSchema,
  ProductSchema,
  ProductSearchRequestSchema,
  ProductSearchResponseSchema,
  ProductSortSchema,
  ProductSummarySchema,
  StockSchema,
  TagSchema,
  TagsResponseSchema,
  VatRateSchema,
  VolumeRuleSchema,
  VolumeRulesResponseSchema,
} from './catalogue.ts';
export type { ErrorBody, PaginationMeta, ProductImage } from './common.ts';
export {
  DateTimeSchema,
  dataList,
  dataOf,
  ErrorBodySchema,
  EurosSchema,
  IdSchema,
  MAX_ID,
  PageQuerySchema,
  PaginationMetaSchema,
  ProductImageSchema,
  paginated,
} from './common.ts';
export type { Configuration, ConfigurationsQuery, ConfigurationsResponse } from './configurations.ts';
export {
  ConfigurationSchema,
  ConfigurationsQuerySchema,
  ConfigurationsResponseSchema,
} from './configurations.ts';
export type {
  AdjustedLine,
  DocumentsQuery,
  ErpShipment,
  ErpShipmentsResponse,
  Invoice,
  InvoiceLine,
  InvoicesResponse,
  OrderDetail,
  OrderReference,
  Refund,
  RefundsResponse,
  ReorderResponse,
  ShipmentStatus,
  SkippedLine,
  TimelineEvent,
} from './documents.ts';
export {
  AdjustedLineSchema,
  CorrectedInvoiceSchema,
  DocumentsQuerySchema,
  ErpShipmentSchema,
  ErpShipmentsResponseSchema,
  InvoiceLineSchema,
  InvoiceSchema,
  InvoicesResponseSchema,
  OrderDetailResponseSchema,
  OrderDetailSchema,
  OrderReferenceSchema,
  RefundSchema,
  RefundsResponseSchema,
  ReorderRequestSchema,
  ReorderResponseSchema,
  ShipmentLineSchema,
  ShipmentStatusSchema,
  SkippedLineSchema,
  TimelineEventSchema,
} from './documents.ts';
export type { SearchHit, SearchRequest, SearchResponse } from './search.ts';
export { SearchHitSchema, SearchRequestSchema, SearchResponseSchema } from './search.ts';
export type { Banner, Showcase } from './showcase.ts';
export { BannerSchema, ShowcaseResponseSchema, ShowcaseSchema } from './showcase.ts';
