/**
 * @botica/app-shell: what the portal and the back office share beyond components. Each export is
 * listed here by name.
 */
export { documentTitle, SiteNameProvider, useDocumentTitle } from './document-title.ts';
export {
  type DataPreload,
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
