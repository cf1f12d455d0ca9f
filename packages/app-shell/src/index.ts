/**
 * @botica/app-shell: what the portal and the back office share beyond components. Each export is
 * listed here by name.
 */
export {
  AppRootShell,
  type AppRootShellProps,
  type AppTree,
  type AppTreeOptions,
  appTree,
  createAppRouter,
  type StartAppOptions,
  startApp,
} from './app-root.tsx';
export { documentTitle, SiteNameProvider, useDocumentTitle } from './document-title.ts';
export { BlockingError, useErrorPresentationLoaded } from './errors/blocking-error.tsx';
export {
  blockingErrorAtom,
  createErrorReporting,
  dismissBlockingErrorAtom,
  type ErrorReporting,
} from './errors/error-reporting.ts';
export {
  type ErrorChromeComponent,
  ErrorPageView,
  LayoutErrorPage,
  NotFoundPage,
  OFFLINE_TEXT,
  OFFLINE_TITLE,
  RootErrorPage,
  RouteErrorPage,
  type RouteErrorProps,
} from './errors/route-error.tsx';
export {
  type FirstScreen,
  type StartAppAfterFirstScreenOptions,
  startAppAfterFirstScreen,
} from './first-screen.tsx';
export {
  afterBlur,
  afterChange,
  afterSubmit,
  type FieldChecks,
  firstInvalid,
  hasNoProblems,
  messageOf,
  noChecks,
  type Problems,
  withServerMessages,
} from './forms/field-checks.ts';
export { type FormFailure, formFailure, isFormStatus } from './forms/form-failure.ts';
export { type FieldChecksForm, useFieldChecks } from './forms/use-field-checks.ts';
export {
  type Form,
  type FormOptions,
  type Submit,
  type SubmitOptions,
  useForm,
  useSubmit,
} from './forms/use-form.ts';
export { AriaScope } from './navigation/aria-scope.tsx';
export {
  type ChunkErrorAction,
  chunkErrorAction,
  isChunkLoadError,
  reloadOnChunkError,
} from './navigation/chunk-reload.ts';
export { focusPageHeadingIfLost, useFocusAfterNavigation } from './navigation/focus-after-navigation.ts';
export { type ForRoles, isForRole, itemsForRole } from './navigation/role-items.ts';
export { useRouterLinks } from './navigation/router-links.ts';
export { afterPaint, whenIdle } from './navigation/when-idle.ts';
export { createQueryClient, retryWithoutAnswer, STALE_AFTER_MS } from './query/create-query-client.ts';
export type { DeferredQueryClient, QueryClientHostProps } from './query/deferred-query-client.ts';
export {
  deferQueryClient,
  QueryClientHost,
  queryClientContext,
  queryClientOf,
  queryRouterContext,
  useQueryClientMade,
} from './query/deferred-query-client.ts';
export type { EndpointKey, EndpointKeyParams } from './query/endpoint-query.ts';
export { endpointKey, endpointQuery } from './query/endpoint-query.ts';
export {
  type DataPreload,
  type GuardScreenOptions,
  guardScreen,
  type LoadRoute,
  type PagePreload,
  pagePaths,
  pagePreloads,
  preloadUrl,
  type RouteBindings,
  type RouteBudgetEntry,
  type RouteManifest,
  type RouteModule,
  routeBudgetEntries,
  toRouteObjects,
} from './route-manifest.ts';
export {
  type Login,
  type LoginOptions,
  type LoginSession,
  redirectTarget,
  useLogin,
} from './session/login-flow.ts';
export {
  createSession,
  type GuardOptions,
  type Session,
  type SessionCalls,
  type SessionOptions,
  type SessionUser,
} from './session/session.ts';
export { announceSessionEnd, onSessionEnd, type SessionEnding } from './session/session-events.ts';
export { forgetSessionHint, type SessionHint, sessionHint } from './session/session-hint.ts';
export {
  observeUnauthorised,
  type UnauthorisedListener,
  type UnauthorisedObserver,
} from './session/unauthorised.ts';
