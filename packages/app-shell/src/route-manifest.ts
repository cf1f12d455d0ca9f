/**
 * Route manifests: an app's route table written once, as data, by the features that own the
 * routes. The router, the server's page list, each page's preloads and the bundle budgets'
 * entries are derived from the same manifests, so they cannot disagree.
 *
 * A manifest is plain data (paths and module paths, no imports of screens), so the build and its
 * scripts read it in Node while the app binds it to its modules and guards in the browser.
 */
import { toSearchParams } from '@botica/api-client';
import { type Endpoint, routerPath } from '@botica/api-client/endpoints';
import type { LoaderFunctionArgs, RouteObject } from 'react-router';

/** An API GET a page's first render requests, with the query its client sends. */
export interface DataPreload {
  endpoint: Endpoint;
  query?: Parameters<typeof toSearchParams>[0];
}

/**
 * One route of an app: a page, a layout around its children, or both.
 * @typeParam Guard The app's names for who may open a route (`'client' | 'anonymous' | 'public'`).
 * @typeParam Endpoints The endpoint definitions the app's pages request, handed to `data`.
 */
export interface RouteManifest<Guard extends string = string, Endpoints = unknown> {
  /** react-router's id of the route, and the key of the app's own parts for it ({@link RouteBindings}). */
  id?: string;
  /** Relative to the parent, in react-router's syntax (`products/:id?`); none for a pathless layout. */
  path?: string;
  /** The parent's own page. */
  index?: true;
  /** The route's module, from the app's root (`src/features/cart/cart-route.tsx`). */
  module?: string;
  /** The module's named export that is the page's component; else the module is a route module. */
  component?: string;
  /** The module is part of the first load (statically imported), not a lazy chunk. */
  isEager?: boolean;
  /** Who may open the route; the app decides what each guard does ({@link RouteBindings.guard}). */
  guard?: Guard;
  /** Other modules the route's first visit loads before it renders (the session module of its guard). */
  needs?: readonly string[];
  /** The API GETs its first render waits for or starts at mount. */
  data?: (endpoints: Endpoints) => readonly DataPreload[];
  /**
   * The page's name for analytics, the same for every id (a product's page, whatever the product);
   * on the route's `handle` as `view`, for the app's page views to read.
   */
  view?: string;
  /**
   * A layout whose pages start with the app's header (`AppHeader`): for a session with data, the
   * server paints it from the page's HTML (`headerFirstPaint`), before any script has run.
   */
  hasHeader?: true;
  children?: readonly RouteManifest<Guard, Endpoints>[];
}

/** What a route's module gives react-router: its component, loader, action, handle… */
export type RouteModule = { [name: string]: unknown; loader?: (args: LoaderFunctionArgs) => unknown };

/** Loads a lazy route's module. */
export type LoadRoute = () => Promise<RouteModule>;

/** The app's side of its manifests: the modules behind the paths, its guards and its own parts. */
export interface RouteBindings<Guard extends string> {
  /** Lazily loaded modules by their path from the root with a leading `/`: `import.meta.glob`'s map. */
  lazyModules: Readonly<Record<string, () => Promise<unknown>>>;
  /** The first load's modules by the same paths, for the manifests' `isEager` routes. */
  eagerModules?: Readonly<Record<string, unknown>>;
  /** A guarded route's module, loaded with its guard (for instance, its loader runs after the guard's). */
  guard?: (guard: Guard, load: LoadRoute) => LoadRoute;
  /** The app's own parts of a route by its id (shell, layouts, error pages): they win over the derived ones. */
  parts?: Readonly<Record<string, Omit<RouteObject, 'id' | 'path' | 'index' | 'children'>>>;
}

/** A page of an app: its full path and the routes from the top down to it. */
interface Page<Guard extends string, Endpoints> {
  path: string;
  chain: readonly RouteManifest<Guard, Endpoints>[];
}

function joinPath(parent: string, path: string | undefined): string {
  if (path === undefined) return parent;
  return `${parent.replace(/\/$/, '')}/${path}`;
}

function pages<Guard extends string, Endpoints>(
  manifests: readonly RouteManifest<Guard, Endpoints>[],
  parent: string,
  above: readonly RouteManifest<Guard, Endpoints>[] = [],
): Page<Guard, Endpoints>[] {
  return manifests.flatMap((manifest) => {
    // The catch-all is what the server answers with a 404, not a page.
    if (manifest.path === '*') return [];
    const path = joinPath(parent, manifest.path);
    const chain = [...above, manifest];
    const isPage = manifest.index === true || (manifest.path !== undefined && !manifest.children);
    return [
      ...(isPage ? [{ path: path || '/', chain }] : []),
      ...pages(manifest.children ?? [], path, chain),
    ];
  });
}

/**
 * Every page's full path, in react-router's syntax (`/products/:id?`), below `base`: the list the
 * server answers with the app, any other path being a 404.
 * @example pagePaths([{ path: 'cart', module: 'src/cart.tsx' }]) // ['/cart']
 */
export function pagePaths(manifests: readonly RouteManifest<string, never>[], base = '/'): string[] {
  return pages(manifests, base).map((page) => page.path);
}

/** An API GET's URL as the client requests it, its ids named as in the page's path (`:id`). */
export function preloadUrl({ endpoint, query }: DataPreload): string {
  const search = query ? `?${toSearchParams(query)}` : '';
  return `${routerPath(endpoint.path)}${search}`;
}

/** What the first visit of one page needs at once. */
export interface PagePreload {
  /** Lazy modules, from the app's root, outermost first. */
  modules: string[];
  /** API GET URLs ({@link preloadUrl}), outermost first. */
  data: string[];
  /** A layout above it starts the page with the app's header ({@link RouteManifest.hasHeader}). */
  hasHeader: boolean;
}

/**
 * By page path, the lazy modules and API data its first visit needs, its layouts' included, for the
 * server to name in the page. A page whose modules are all in the first load has none.
 */
export function pagePreloads<Endpoints>(
  manifests: readonly RouteManifest<string, Endpoints>[],
  endpoints: Endpoints,
  base = '/',
): Record<string, PagePreload> {
  const preloads: [string, PagePreload][] = [];
  for (const { path, chain } of pages(manifests, base)) {
    const modules = chain.flatMap((route) => [
      ...(route.needs ?? []),
      ...(route.module && !route.isEager ? [route.module] : []),
    ]);
    if (modules.length === 0) continue;
    const data = chain.flatMap((route) => route.data?.(endpoints) ?? []).map(preloadUrl);
    const hasHeader = chain.some((route) => route.hasHeader === true);
    preloads.push([path, { modules: [...new Set(modules)], data: [...new Set(data)], hasHeader }]);
  }
  return Object.fromEntries(preloads);
}

/** A route module as the bundle budgets see it. */
export interface RouteBudgetEntry {
  module: string;
  /** In the first load (the entry's budget) rather than a lazy chunk of its own (a route's budget). */
  isEager: boolean;
  /** The pages it serves, or the layout's path. */
  paths: string[];
}

/** Every route module once, eager or lazy, with the paths it serves: what the bundle budgets check. */
export function routeBudgetEntries(
  manifests: readonly RouteManifest<string, never>[],
  base = '/',
): RouteBudgetEntry[] {
  const entries = new Map<string, RouteBudgetEntry>();
  const visit = (routes: readonly RouteManifest<string, never>[], parent: string) => {
    for (const route of routes) {
      const path = joinPath(parent, route.path);
      if (route.module) {
        const entry = entries.get(route.module) ?? {
          module: route.module,
          isEager: route.isEager === true,
          paths: [],
        };
        entry.paths.push(path || '/');
        entries.set(route.module, entry);
      }
      visit(route.children ?? [], path);
    }
  };
  visit(manifests, base);
  return [...entries.values()];
}

/**
 * react-router's routes: each manifest's module lazily loaded (or taken from the first load), behind
 * its guard, with its view on its `handle`, and the app's own parts added by id.
 * Throws when a manifest names a module the bindings do not have.
 */
export function toRouteObjects<Guard extends string>(
  manifests: readonly RouteManifest<Guard, never>[],
  bindings: RouteBindings<Guard>,
): RouteObject[] {
  return manifests.map((manifest) => {
    const parts = manifest.id === undefined ? undefined : bindings.parts?.[manifest.id];
    const route: Record<string, unknown> = {};
    if (manifest.id !== undefined) route.id = manifest.id;
    if (manifest.index) route.index = true;
    if (manifest.path !== undefined) route.path = manifest.path;
    if (manifest.view !== undefined) route.handle = { view: manifest.view };
    const { module, component } = manifest;
    if (module !== undefined && !parts?.lazy && !parts?.Component) {
      if (manifest.isEager) {
        const loaded = bindings.eagerModules?.[`/${module}`] as RouteModule | undefined;
        if (!loaded) throw new Error(`${module} is not among the first load's modules`);
        route.Component = loaded[component ?? 'Component'];
      } else {
        const load = bindings.lazyModules[`/${module}`] as LoadRoute | undefined;
        if (!load) throw new Error(`${module} is not among the lazily loaded modules`);
        const screen: LoadRoute =
          component === undefined ? load : async () => ({ Component: (await load())[component] });
        route.lazy =
          manifest.guard !== undefined && bindings.guard ? bindings.guard(manifest.guard, screen) : screen;
      }
    }
    Object.assign(route, parts);
    if (manifest.children) route.children = toRouteObjects(manifest.children, bindings);
    return route as RouteObject;
  });
}

/** When {@link guardScreen} runs its check. */
export interface GuardScreenOptions {
  /**
   * Also for a module without a loader, which then gets one: a screen that refuses some visitors
   * (a role) must check even when it asks the server nothing. Without it, such a screen loads as it
   * is, its layout's guard being enough. @default false
   */
  isAlwaysChecked?: boolean;
}

/**
 * A lazy screen whose loader asks for its data only once `check` has let the visitor in (or thrown
 * its redirect or refusal): react-router runs a route's loaders together, and an anonymous visit
 * would otherwise ask for the screen's data (401s in the console) on its way to the login page.
 * @example guard: (guard, load) => (guard === 'staff' ? guardScreen(load, ({ request }) => requireStaff(request)) : load)
 */
export function guardScreen(
  load: LoadRoute,
  check: (args: LoaderFunctionArgs) => Promise<unknown>,
  { isAlwaysChecked = false }: GuardScreenOptions = {},
): LoadRoute {
  return async () => {
    const screen = await load();
    const { loader } = screen;
    if (loader === undefined && !isAlwaysChecked) return screen;
    return {
      ...screen,
      loader: async (args: LoaderFunctionArgs) => {
        await check(args);
        return loader === undefined ? null : loader(args);
      },
    };
  };
}
