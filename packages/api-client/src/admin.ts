/**
 * @botica/api-client/admin: the back office's area of Botica's API (`/api/v1/admin/…`), for the
 * laboratory's staff: its endpoint definitions, their schemas and a client of them. A separate entry,
 * so a pharmacy's portal never loads it.
 * @packageDocumentation
 */
import { type ApiClientOptions, type CallGroups, createEndpointClient } from './client.ts';
import { adminEndpoints } from './endpoints/admin.ts';

export { adminEndpoints, audit, registrations } from './endpoints/admin.ts';
export { adminCatalogue } from './endpoints/admin-catalogue.ts';
export { adminCatalogueDocs } from './endpoints/admin-catalogue-docs.ts';
export { configuration } from './endpoints/admin-configuration.ts';
export { adminContent, adminMessages, adminShowcase } from './endpoints/admin-content.ts';
export { adminContentDocs } from './endpoints/admin-content-docs.ts';
export { dashboard } from './endpoints/admin-dashboard.ts';
export { adminDocs } from './endpoints/admin-docs.ts';
export { apiKeys } from './endpoints/admin-integration.ts';
export { apiKeysDocs } from './endpoints/admin-integration-docs.ts';
export { news } from './endpoints/admin-news.ts';
export { adminOrders } from './endpoints/admin-orders.ts';
export { lookups, pharmacies, pharmacyDocuments } from './endpoints/admin-pharmacies.ts';
export { adminPharmaciesDocs } from './endpoints/admin-pharmacies-docs.ts';
export { pictures } from './endpoints/admin-pictures.ts';
export { adminProductTraining } from './endpoints/admin-product-training.ts';
export { substitutes } from './endpoints/admin-substitutes.ts';
export { surveys } from './endpoints/admin-surveys.ts';
export {
  adminMaterials,
  adminNewsletters,
  adminTraining,
  adminWebinars,
} from './endpoints/admin-training.ts';
export { webhooks } from './endpoints/admin-webhooks.ts';
export { webhooksDocs } from './endpoints/admin-webhooks-docs.ts';
export type {
  AuditActorsResponse,
  AuditEntry,
  AuditQuery,
  AuditResponse,
  Registration,
  RegistrationDecisionResponse,
  RegistrationsQuery,
  RegistrationsResponse,
  RejectRegistrationRequest,
} from './schemas/admin.ts';
export {
  AuditActorsResponseSchema,
  AuditEntrySchema,
  AuditObjectTypeSchema,
  AuditQuerySchema,
  AuditResponseSchema,
  REGISTRATION_DECISION_MESSAGES,
  REJECTION_REASON_MAX,
  RegistrationDecisionResponseSchema,
  RegistrationSchema,
  RegistrationsQuerySchema,
  RegistrationsResponseSchema,
  RejectRegistrationRequestSchema,
} from './schemas/admin.ts';
export type {
  AdminCategoriesResponse,
  AdminCategory,
  AdminCategoryCreateRequest,
  AdminCategoryResponse,
  AdminCategoryUpdateRequest,
  AdminProduct,
  AdminProductCategory,
  AdminProductCreateRequest,
  AdminProductEditRequest,
  AdminProductFields,
  AdminProductResponse,
  AdminProductRow,
  AdminProductSort,
  AdminProductStock,
  AdminProductsQuery,
  AdminProductsResponse,
  AdminTag,
  AdminTagsResponse,
  EditedSpecialPrice,
  EditedTier,
} from './schemas/admin-catalogue.ts';
export {
  ADMIN_CATALOGUE_MESSAGES,
  ADMIN_PRODUCT_MESSAGES,
  ADMIN_PRODUCTS_PER_PAGE,
  AdminCategoriesResponseSchema,
  AdminCategoryCreateRequestSchema,
  AdminCategoryResponseSchema,
  AdminCategorySchema,
  AdminCategoryUpdateRequestSchema,
  AdminProductCategorySchema,
  AdminProductCreateRequestSchema,
  AdminProductEditRequestSchema,
  AdminProductResponseSchema,
  AdminProductRowSchema,
  AdminProductSchema,
  AdminProductSortSchema,
  AdminProductStockSchema,
  AdminProductsQuerySchema,
  AdminProductsResponseSchema,
  AdminTagSchema,
  AdminTagsResponseSchema,
  EditedSpecialPriceSchema,
  EditedTierSchema,
  MAX_PRODUCT_SPECIAL_PRICES,
  MAX_PRODUCT_TIERS,
} from './schemas/admin-catalogue.ts';
export type {
  AdminConfiguration,
  AdminConfigurationResponse,
  MaintenanceRequest,
  OrderRulesRequest,
} from './schemas/admin-configuration.ts';
export {
  AdminConfigurationResponseSchema,
  AdminConfigurationSchema,
  amountProblem,
  CONFIGURATION_MESSAGES,
  MaintenanceRequestSchema,
  OrderRulesRequestSchema,
} from './schemas/admin-configuration.ts';
export type {
  AdminBanner,
  AdminBannerCreateRequest,
  AdminBannerMoveRequest,
  AdminBannerResponse,
  AdminBannersResponse,
  AdminBannerUpdateRequest,
  AdminMessage,
  AdminMessageCreateRequest,
  AdminMessageResponse,
  AdminMessagesResponse,
  AdminMessageUpdateRequest,
  FeaturedProductsRequest,
  FeaturedProductsResponse,
  MessageTarget,
  ShowcaseProduct,
  ShowcaseProductsQuery,
  ShowcaseProductsResponse,
} from './schemas/admin-content.ts';
export {
  ADMIN_CONTENT_MESSAGES,
  AdminBannerCreateRequestSchema,
  AdminBannerMoveRequestSchema,
  AdminBannerResponseSchema,
  AdminBannerSchema,
  AdminBannersResponseSchema,
  AdminBannerUpdateRequestSchema,
  AdminMessageCreateRequestSchema,
  AdminMessageResponseSchema,
  AdminMessageSchema,
  AdminMessagesResponseSchema,
  AdminMessageUpdateRequestSchema,
  FEATURED_PRODUCTS_MAX,
  FeaturedProductsRequestSchema,
  FeaturedProductsResponseSchema,
  isPortalPath,
  MESSAGE_CLIENTS_MAX,
  MessageTargetSchema,
  ShowcaseProductSchema,
  ShowcaseProductsQuerySchema,
  ShowcaseProductsResponseSchema,
} from './schemas/admin-content.ts';
export type {
  DailyOrders,
  DashboardOrders,
  DashboardOutbox,
  DashboardResponse,
  NearCapClient,
  OrderFigure,
  OutboxProblem,
  SalesRepMonth,
} from './schemas/admin-dashboard.ts';
export { DashboardResponseSchema, NEAR_CAP_PERCENT } from './schemas/admin-dashboard.ts';
export type {
  AdminApiKey,
  AdminApiKeyCall,
  AdminApiKeyCallsQuery,
  AdminApiKeyCallsResponse,
  AdminApiKeyCreatedResponse,
  AdminApiKeyCreateRequest,
  AdminApiKeyResponse,
  AdminApiKeysResponse,
} from './schemas/admin-integration.ts';
export {
  AdminApiKeyCallSchema,
  AdminApiKeyCallsQuerySchema,
  AdminApiKeyCallsResponseSchema,
  AdminApiKeyCreatedResponseSchema,
  AdminApiKeyCreateRequestSchema,
  AdminApiKeyResponseSchema,
  AdminApiKeySchema,
  AdminApiKeysResponseSchema,
  API_KEY_CALLS_PER_PAGE,
  API_KEY_MESSAGES,
  API_KEY_NAME_MAX,
  API_KEY_RATE_LIMITS,
} from './schemas/admin-integration.ts';
export {
  ADMIN_POSTS_PER_PAGE,
  type AdminNewsQuery,
  AdminNewsQuerySchema,
  type AdminNewsResponse,
  AdminNewsResponseSchema,
  type AdminPost,
  type AdminPostCreateRequest,
  AdminPostCreateRequestSchema,
  type AdminPostPictureQuery,
  AdminPostPictureQuerySchema,
  type AdminPostPublishRequest,
  AdminPostPublishRequestSchema,
  type AdminPostResponse,
  AdminPostResponseSchema,
  AdminPostSchema,
  type AdminPostStatus,
  AdminPostStatusSchema,
  type AdminPostSummary,
  AdminPostSummarySchema,
  type AdminPostUpdateRequest,
  AdminPostUpdateRequestSchema,
  type AdminPostVersionRequest,
  AdminPostVersionRequestSchema,
  NEWS_LIMITS,
  NEWS_MESSAGES,
  POST_PICTURE_TYPES,
} from './schemas/admin-news.ts';
export type {
  AdminOrderDetail,
  AdminOrderDetailResponse,
  AdminOrderPharmacy,
  AdminOrderRow,
  AdminOrdersExportQuery,
  AdminOrdersQuery,
  AdminOrdersResponse,
  ChangeOrderStatusRequest,
  OrderStatusChange,
} from './schemas/admin-orders.ts';
export {
  ADMIN_ORDER_MESSAGES,
  ADMIN_ORDERS_PER_PAGE,
  ADMIN_ORDERS_SEARCH_MAX,
  AdminOrderDetailResponseSchema,
  AdminOrderDetailSchema,
  AdminOrderPharmacySchema,
  AdminOrderRowSchema,
  AdminOrderSalesRepSchema,
  AdminOrdersExportQuerySchema,
  AdminOrdersFilterSchema,
  AdminOrdersQuerySchema,
  AdminOrdersResponseSchema,
  ChangeOrderStatusRequestSchema,
  ORDER_CANCEL_REASON_MAX,
  OrderStatusChangeSchema,
  QueryEurosSchema,
} from './schemas/admin-orders.ts';
export type {
  AdminPharmaciesQuery,
  AdminPharmaciesResponse,
  AdminPharmacyDetail,
  AdminPharmacyDocument,
  AdminPharmacyOrder,
  AdminPharmacyResponse,
  AdminPharmacySummary,
  AdminPharmacyUpdateRequest,
  AdminPharmacyUser,
  AdminPharmacyUserResponse,
  AdminPharmacyUserUpdateRequest,
  AdminShop,
  DiscountGroup,
  DiscountGroupsResponse,
  SalesRep,
  SalesRepReference,
  SalesRepsResponse,
} from './schemas/admin-pharmacies.ts';
export {
  ADMIN_PHARMACY_MESSAGES,
  AdminPharmaciesQuerySchema,
  AdminPharmaciesResponseSchema,
  AdminPharmacyDetailSchema,
  AdminPharmacyDocumentSchema,
  AdminPharmacyOrderSchema,
  AdminPharmacyResponseSchema,
  AdminPharmacySummarySchema,
  AdminPharmacyUpdateRequestSchema,
  AdminPharmacyUserResponseSchema,
  AdminPharmacyUserSchema,
  AdminPharmacyUserUpdateRequestSchema,
  AdminShopSchema,
  DiscountGroupSchema,
  DiscountGroupsResponseSchema,
  PHARMACIES_PER_PAGE,
  PHARMACY_SEARCH_MAX,
  SalesRepReferenceSchema,
  SalesRepSchema,
  SalesRepsResponseSchema,
} from './schemas/admin-pharmacies.ts';
export type {
  AdminPicture,
  AdminProductPictures,
  AdminProductPicturesResponse,
  PictureDeleteQuery,
  PictureOrderRequest,
  PictureUploadQuery,
} from './schemas/admin-pictures.ts';
export {
  ADMIN_PICTURE_MESSAGES,
  AdminPictureSchema,
  AdminProductPicturesResponseSchema,
  AdminProductPicturesSchema,
  MAX_PRODUCT_PICTURES,
  PICTURE_NAME_MAX,
  PICTURE_UPLOAD_TYPES,
  PictureDeleteQuerySchema,
  PictureOrderRequestSchema,
  PictureUploadQuerySchema,
} from './schemas/admin-pictures.ts';
export type { AdminProductTraining, AdminProductTrainingResponse } from './schemas/admin-product-training.ts';
export {
  AdminProductTrainingResponseSchema,
  AdminProductTrainingSchema,
} from './schemas/admin-product-training.ts';
export type {
  AdminSubstitute,
  AdminSubstitutesRequest,
  AdminSubstitutesResponse,
} from './schemas/admin-substitutes.ts';
export {
  ADMIN_SUBSTITUTE_MESSAGES,
  AdminSubstituteSchema,
  AdminSubstitutesRequestSchema,
  AdminSubstitutesResponseSchema,
  MAX_SUBSTITUTES,
} from './schemas/admin-substitutes.ts';
export type {
  AdminSurvey,
  AdminSurveyResponse,
  AdminSurveyStatus,
  AdminSurveySummary,
  AdminSurveysResponse,
  SurveyInput,
  SurveyOptionInput,
  SurveyQuestionInput,
  SurveyQuestionResult,
  SurveyResults,
  SurveyResultsResponse,
  SurveyTextAnswer,
  SurveyTextAnswersQuery,
  SurveyTextAnswersResponse,
} from './schemas/admin-surveys.ts';
export {
  ADMIN_SURVEY_MESSAGES,
  ADMIN_SURVEY_STATUS_LABELS,
  AdminSurveyResponseSchema,
  AdminSurveySchema,
  AdminSurveyStatusSchema,
  AdminSurveySummarySchema,
  AdminSurveysResponseSchema,
  SURVEY_INTRO_MAX,
  SURVEY_LABEL_MAX,
  SURVEY_MAX_QUESTIONS,
  SURVEY_OPTION_MAX,
  SURVEY_PROMPT_MAX,
  SURVEY_TEXT_ANSWERS_PER_PAGE,
  SURVEY_TITLE_MAX,
  SurveyInputSchema,
  SurveyOptionInputSchema,
  SurveyQuestionInputSchema,
  SurveyQuestionResultSchema,
  SurveyResultsResponseSchema,
  SurveyTextAnswerSchema,
  SurveyTextAnswersQuerySchema,
  SurveyTextAnswersResponseSchema,
} from './schemas/admin-surveys.ts';
export type {
  AdminLibraryQuery,
  AdminMaterial,
  AdminMaterialCreateRequest,
  AdminMaterialResponse,
  AdminMaterialsResponse,
  AdminMaterialUpdateRequest,
  AdminNewsletter,
  AdminNewsletterCreateRequest,
  AdminNewsletterResponse,
  AdminNewslettersResponse,
  AdminNewsletterUpdateRequest,
  AdminWebinar,
  AdminWebinarCreateRequest,
  AdminWebinarResponse,
  AdminWebinarRow,
  AdminWebinarsQuery,
  AdminWebinarsResponse,
  AdminWebinarUpdateRequest,
  TrainingProduct,
  TrainingProductsQuery,
  TrainingProductsResponse,
  TrainingUploadQuery,
  WebinarSignupRow,
  WebinarSignupsResponse,
} from './schemas/admin-training.ts';
export {
  ADMIN_TRAINING_MESSAGES,
  ADMIN_TRAINING_PER_PAGE,
  AdminLibraryQuerySchema,
  AdminMaterialCreateRequestSchema,
  AdminMaterialResponseSchema,
  AdminMaterialSchema,
  AdminMaterialsResponseSchema,
  AdminMaterialUpdateRequestSchema,
  AdminNewsletterCreateRequestSchema,
  AdminNewsletterResponseSchema,
  AdminNewsletterSchema,
  AdminNewslettersResponseSchema,
  AdminNewsletterUpdateRequestSchema,
  AdminWebinarCreateRequestSchema,
  AdminWebinarResponseSchema,
  AdminWebinarRowSchema,
  AdminWebinarSchema,
  AdminWebinarsQuerySchema,
  AdminWebinarsResponseSchema,
  AdminWebinarUpdateRequestSchema,
  MAX_MATERIAL_PRODUCTS,
  MAX_MATERIAL_TAGS_PER_MATERIAL,
  MAX_WEBINAR_PRODUCTS,
  MadridDaySchema,
  TRAINING_SEARCH_MAX,
  TrainingProductSchema,
  TrainingProductsQuerySchema,
  TrainingProductsResponseSchema,
  TrainingUploadQuerySchema,
  WebinarSignupRowSchema,
  WebinarSignupsResponseSchema,
} from './schemas/admin-training.ts';
export type {
  WebhookDeliveriesQuery,
  WebhookDeliveriesResponse,
  WebhookDelivery,
  WebhookDeliveryResponse,
  WebhookDeliveryStatus,
  WebhookEndpoint,
  WebhookEndpointCreateRequest,
  WebhookEndpointResponse,
  WebhookEndpointsResponse,
  WebhookEndpointUpdateRequest,
  WebhookEvent,
  WebhookVersionRequest,
} from './schemas/admin-webhooks.ts';
export {
  WEBHOOK_DELIVERIES_PER_PAGE,
  WEBHOOK_EVENTS,
  WEBHOOK_LIMITS,
  WEBHOOK_MESSAGES,
  WEBHOOK_TEST_EVENT,
  WebhookDeliveriesQuerySchema,
  WebhookDeliveriesResponseSchema,
  WebhookDeliveryResponseSchema,
  WebhookDeliverySchema,
  WebhookDeliveryStatusSchema,
  WebhookEndpointCreateRequestSchema,
  WebhookEndpointResponseSchema,
  WebhookEndpointSchema,
  WebhookEndpointsResponseSchema,
  WebhookEndpointUpdateRequestSchema,
  WebhookEventSchema,
  WebhookVersionRequestSchema,
  webhookUrlProblem,
} from './schemas/admin-webhooks.ts';

/** A client of the back office's area (the session of a laboratory's staff member). */
export type AdminClient = CallGroups<typeof adminEndpoints>;

/**
 * Creates a client of the back office's area.
 * @example
 * const admin = createAdminClient({ baseUrl: 'https://botica.example' });
 * const { data } = await admin.registrations.list({ status: 'pending' });
 */
export function createAdminClient(options: ApiClientOptions): AdminClient {
  return createEndpointClient(adminEndpoints, options);
}
export { wholesalers } from './endpoints/admin-wholesalers.ts';
export { wholesalersDocs } from './endpoints/admin-wholesalers-docs.ts';
export type {
  PharmacyWholesaler,
  PharmacyWholesalerRequest,
  PharmacyWholesalersResponse,
  Wholesaler,
  WholesalerCreateRequest,
  WholesalerResponse,
  WholesalersResponse,
} from './schemas/admin-wholesalers.ts';
export {
  PharmacyWholesalerRequestSchema,
  PharmacyWholesalerSchema,
  PharmacyWholesalersResponseSchema,
  WHOLESALER_MESSAGES,
  WholesalerCreateRequestSchema,
  WholesalerResponseSchema,
  WholesalerSchema,
  WholesalersResponseSchema,
} from './schemas/admin-wholesalers.ts';
