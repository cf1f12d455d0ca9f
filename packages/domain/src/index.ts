/**
 * @botica/domain: Botica's business rules, framework-free and without I/O, shared by the portal,
 * the API server and the laboratory's other teams.
 * @packageDocumentation
 */
export type {
  PasswordContext,
  PasswordRule,
  PasswordRuleCheck,
  PasswordRuleId,
  RegistrationFields,
} from './access.ts';
export {
  COMMON_PASSWORDS,
  checkPasswordRules,
  emailProblem,
  normaliseUsername,
  PASSWORD_MAX_LENGTH,
  PASSWORD_MESSAGES,
  PASSWORD_MIN_LENGTH,
  PASSWORD_RULES,
  PHARMACY_NAME_MIN_LENGTH,
  passwordConfirmationProblem,
  passwordProblem,
  pharmacyNameProblem,
  phoneProblem,
  postalCodeProblem,
  registrationProblems,
  taxIdProblem,
  USERNAME_MAX_LENGTH,
  USERNAME_MIN_LENGTH,
  USERNAME_RULE,
  usernameProblem,
} from './access.ts';
export type {
  CartLine,
  CartTotals,
  CartTotalsOptions,
  Discount,
  DiscountLine,
  LineTotals,
  PricedLine,
  SurchargeLine,
  SurchargeRate,
  VatLine,
  VatRate,
} from './cart.ts';
export {
  cartTotals,
  discountLineCents,
  isVatRate,
  linePriceCents,
  SURCHARGE_RATES,
  surchargeCents,
  totalQuantity,
  unitPriceCents,
  VAT_RATES,
} from './cart.ts';
export { addToCartToast } from './cart-toast.ts';
export {
  CODE_LIST_MESSAGES,
  type CodeListRow,
  parseCodeList,
  QUICK_ORDER_CODE_MAX_LENGTH,
} from './code-list.ts';
export {
  ADD_TO_CART_TOAST_MS,
  CATEGORY_TREE_HEALTH_PROBLEMS,
  CATEGORY_TREE_RANGES,
  CHUNK_RELOAD_INTERVAL_MS,
  CONFIGURATIONS_PAGE_SIZE,
  CONSENT_COOKIE_LIFETIME_DAYS,
  CONSENT_COOKIE_MAX_AGE_SECONDS,
  CURRENCY,
  DEFAULT_CONFIRM_TEXT,
  LOADING_BAR_DURATION_MS,
  LOADING_BAR_THROTTLE_MS,
  LOCALE,
  MIN_FETCH_DISPLAY_DELAY_MS,
  QUANTITY_DEBOUNCE_MS,
  SEARCH_DEBOUNCE_MS,
  SEARCH_HITS_PER_PAGE,
  SEARCH_PLACEHOLDER,
  SEARCH_QUERY_MAX_LENGTH,
  SEARCH_SCROLL_LOAD_DISTANCE_PX,
  TIME_ZONE,
  TOAST_MS,
} from './constants.ts';
export {
  CHUNK_RELOAD_STORAGE_KEY,
  CONSENT_COOKIE_NAME,
  DEVICE_COOKIE_MAX_AGE_SECONDS,
  DEVICE_COOKIE_NAME,
  SCROLL_POSITIONS_STORAGE_KEY,
  SESSION_COOKIE_NAME,
  XSRF_COOKIE_NAME,
} from './cookie-names.ts';
export type { CookieCategory, CookieContext, CookieDeclaration } from './cookies.ts';
export {
  COOKIE_CATEGORIES,
  COOKIE_CATEGORY_LABELS,
  COOKIES,
  cookieLifetime,
  cookiesInUse,
  findCookie,
} from './cookies.ts';
export type { DateInput } from './dates.ts';
export {
  formatDate,
  formatDateTime,
  formatLongDate,
  formatTime,
  formatWeekdayDate,
  instantOfMadridWallClock,
  isMadridWallClock,
  madridDay,
  madridInstant,
  madridMonth,
  madridWallClock,
} from './dates.ts';
export { emailParts } from './email.ts';
export type {
  CallFailure,
  CartSaveFailure,
  ErrorEntry,
  ErrorPage,
  ErrorPresentation,
  FailedCall,
} from './error-catalogue.ts';
export {
  CALL_ERRORS,
  callErrorPresentation,
  cartSaveError,
  ERROR_PAGE_TEXTS,
  errorPage,
  LINK_HOME_TEXT,
  NO_ROUTE_MESSAGE,
  unknownMiddlewareMessage,
} from './error-catalogue.ts';
export type { Holiday } from './holidays.ts';
export { isSpanishNationalHoliday, spanishNationalHolidays } from './holidays.ts';
export type { AmountDifference, CheckedDocument, CheckedLine } from './invoice-check.ts';
export { invoiceDifferences } from './invoice-check.ts';
export type { LabMessageKind, LabMessageSeverity } from './lab-messages.ts';
export {
  isLabMessageActive,
  LAB_MESSAGE_KIND_LABELS,
  LAB_MESSAGE_KINDS,
  LAB_MESSAGE_SEVERITIES,
  LAB_MESSAGE_SEVERITY_LABELS,
  textExcerpt,
  textParagraphs,
} from './lab-messages.ts';
export type { Laboratory, PostalAddress } from './laboratory.ts';
export { addressLines, DEMO_LABORATORY, isLaboratory, registryLine } from './laboratory.ts';
export {
  centsToEuros,
  divideRounded,
  eurosToCents,
  formatEuros,
  parseEuros,
  percentOfCents,
} from './money.ts';
export { formatCount, formatPercent } from './numbers.ts';
export type {
  ConfigurationPair,
  MinimumOrderResult,
  MonthlyAllowance,
  MonthlyCapResult,
  OrderConfiguration,
} from './order-rules.ts';
export {
  CONFIGURATION_KEYS,
  ConfigurationError,
  minimumOrderMessage,
  minimumOrderShortfall,
  monthlyAllowance,
  monthlyCapBlockedMessage,
  monthlyCapCheck,
  monthlyCapMessage,
  monthlyCapOverMessage,
  monthlyRemainingMessage,
  parseConfiguration,
} from './order-rules.ts';
export { formatPhone, normalisePhone } from './phone.ts';
export type { OrderedPriceRange, PriceRangeCents } from './price-range.ts';
export { orderPriceRange } from './price-range.ts';
export type { EditedPrices, EditedSpecialPrice, EditedTier, FieldProblems } from './price-rules.ts';
export {
  PRICE_MAX_CENTS,
  PRICE_RULE_MESSAGES,
  parsePrice,
  priceProblem,
  productPriceProblems,
} from './price-rules.ts';
export {
  type ClassifiedProductCode,
  classifyProductCode,
  ean13Problem,
  eanFromNationalCode,
  isValidEan13,
  isValidNationalCode,
  NATIONAL_CODE_EAN_PREFIX,
  nationalCodeFromEan,
  nationalCodeProblem,
  nationalCodeWithCheckDigit,
  normaliseNationalCode,
  PRODUCT_CODE_MESSAGES,
} from './product-codes.ts';
export {
  decrementQuantity,
  incrementQuantity,
  normaliseQuantity,
  QUANTITY_MAX,
  QUANTITY_MIN,
  unitLabel,
  unitWord,
} from './quantity.ts';
export { DATA_RETENTION, retentionCutoffs } from './retention.ts';
export { LOW_STOCK_UNITS, type StockState, stockStateOf } from './stock.ts';
export {
  defaultSubstitutes,
  isOfferable,
  type ProductForm,
  productFormOf,
  SUBSTITUTES_SHOWN,
  type SubstituteCandidate,
} from './substitutes.ts';
export type {
  SurveyAnswers,
  SurveyAnswersCheck,
  SurveyAnswerValue,
  SurveyPhase,
  SurveyQuestionKind,
  SurveyQuestionRules,
} from './survey.ts';
export {
  checkSurveyAnswers,
  isSurveyAnswered,
  SURVEY_MAX_OPTIONS,
  SURVEY_MESSAGES,
  SURVEY_RATING_MAX,
  SURVEY_RATING_MIN,
  SURVEY_TEXT_MAX_LENGTH,
  surveyAnswerProblem,
  surveyPhase,
  surveyTextLimit,
  textTooLongMessage,
  textTooShortMessage,
  tooManyChoicesMessage,
} from './survey.ts';
export { isValidCif, isValidNie, isValidNif, isValidSpanishTaxId, normaliseTaxId } from './tax-id.ts';
export { closeSentence, withPreposition } from './text.ts';
export { normaliseTagName, sharesTag } from './training-tags.ts';
export type {
  ClientUnitPrices,
  NextVolumeTier,
  VolumePriceRow,
  VolumePriceTable,
  VolumeTier,
  VolumeTierPrice,
} from './volume-pricing.ts';
export {
  baseUnitCents,
  nextVolumeTier,
  nextVolumeTierText,
  tierUnitCents,
  volumePriceTable,
  volumeUnitCents,
} from './volume-pricing.ts';
export type { WebinarPhase } from './webinars.ts';
export {
  formatDuration,
  isWebinarLive,
  WEBINAR_JOIN_WINDOW_MINUTES,
  webinarEnd,
  webinarPhase,
} from './webinars.ts';
