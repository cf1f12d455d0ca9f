/**
 * Builds the API server: Fastify with its cookie and CORS plugins, the session
 * and CSRF layer, the maintenance switch, one error handler, and the /api/v1 routes. It does not
 * listen: `server.ts` does, and tests use `app.inject()` or listen on an ephemeral port.
 */
import { randomUUID } from 'node:crypto';
import { auth } from '@botica/api-client/endpoints';
import cookie from '@fastify/cookie';
import cors from '@fastify/cors';
import Fastify, { type FastifyInstance, type FastifyRequest } from 'fastify';
import { pruneUnsuccessfulRegistrations } from './access/registrations-service.ts';
import { registerAccessRoutes } from './access/routes.ts';
import { registerAdminPharmacyRoutes } from './accounts/admin-routes.ts';
import { registerAccountRoutes } from './accounts/routes.ts';
import { registerAuditRoutes } from './audit/routes.ts';
import { PasswordChecks } from './auth/password-checks.ts';
import { type PruneSchedule, schedulePruning } from './auth/prune.ts';
import { registerAuthRoutes } from './auth/routes.ts';
import { SessionCache } from './auth/session-cache.ts';
import { installSessions, SessionStore } from './auth/sessions.ts';
import { registerCartRoutes } from './cart/routes.ts';
import { registerAdminPictureRoutes } from './catalogue/admin-pictures-routes.ts';
import { registerAdminCatalogueRoutes } from './catalogue/admin-routes.ts';
import { productPagePhoto } from './catalogue/catalogue-service.ts';
import { registerCodeLookupRoutes } from './catalogue/code-lookup-routes.ts';
import { registerCatalogueRoutes } from './catalogue/routes.ts';
import { registerAdminConfigurationRoutes } from './configurations/admin-routes.ts';
import { isMaintenanceOn } from './configurations/configuration-service.ts';
import { registerConfigurationRoutes } from './configurations/routes.ts';
import { registerAdminContentRoutes } from './content/admin-content-routes.ts';
import { registerAdminNewsRoutes } from './content/admin-news-routes.ts';
import { registerContentRoutes } from './content/routes.ts';
import type { CoreContext, RouteContext } from './context.ts';
import { registerDashboardRoutes } from './dashboard/routes.ts';
import type { Database } from './db/database.ts';
import { SharedListener } from './db/listener.ts';
import { registerAdminWholesalerRoutes } from './delivery/admin-routes.ts';
import { registerDeliveryRoutes } from './delivery/routes.ts';
import { registerAdminDocumentRoutes } from './documents/admin-routes.ts';
import { orderDetail } from './documents/documents-service.ts';
import { registerIntegrationDocumentRoutes } from './documents/integration-routes.ts';
import { pharmacyActivity } from './documents/pharmacy-activity.ts';
import { registerDocumentRoutes } from './documents/routes.ts';
import { registerHealthRoutes } from './health/routes.ts';
import { registerApiReference } from './http/api-reference.ts';
import { installClientAddress } from './http/client-address.ts';
import { installUploads } from './http/endpoint-route.ts';
import {
  clientErrorHandler,
  frameworkErrors,
  HttpError,
  installErrorHandling,
  SECURITY_HEADERS,
  statusMessage,
} from './http/errors.ts';
import { HeavyRequests } from './http/heavy-requests.ts';
import { RateLimiter } from './http/rate-limit.ts';
import { prettyLogStream, RequestLogController } from './http/request-log.ts';
import { configureSpanishMessages } from './http/validation.ts';
import { registerAdminIntegrationRoutes } from './integration/admin-routes.ts';
import { pruneIntegrationCalls } from './integration/api-keys-service.ts';
import { installIdempotency, pruneIntegrationRequests } from './integration/idempotency.ts';
import { installIntegrationAccess, isIntegrationCall } from './integration/integration-access.ts';
import { registerIntegrationRoutes } from './integration/routes.ts';
import { MailSender, type MailSenderOptions } from './mail/sender.ts';
import { type MailTransport, transportFromSettings } from './mail/transports.ts';
import { installMetrics } from './metrics/metrics.ts';
import { installTracing } from './metrics/tracing.ts';
import { registerAdminOrderRoutes } from './orders/admin-routes.ts';
import { registerOrderFeedRoutes } from './orders/integration-routes.ts';
import { registerPurchaseRoutes } from './orders/purchases-routes.ts';
import { registerOrderRoutes } from './orders/routes.ts';
import { isPortalBuild, PORTAL_CSP, registerPortal } from './portal/serve-portal.ts';
import { isSpaBuild, type SpaAvailability, serveSpa } from './portal/serve-spa.ts';
import { isStorybookBuild, registerStorybook } from './portal/serve-storybook.ts';
import { CatalogueIndex, loadSnapshot } from './search/catalogue-index.ts';
import { registerSearchRoutes } from './search/routes.ts';
import type { Settings } from './settings/settings.ts';
import { registerStockAlertRoutes } from './stock-alerts/routes.ts';
import { registerAdminSubstituteRoutes } from './substitutes/admin-routes.ts';
import { registerSubstituteRoutes } from './substitutes/routes.ts';
import { registerAdminSurveyRoutes } from './survey/admin-routes.ts';
import { registerSurveyRoutes } from './survey/routes.ts';
import { pruneOldSurveyAnswers } from './survey/survey-service.ts';
import { registerAdminTrainingRoutes } from './training/admin-routes.ts';
import { registerTrainingRoutes } from './training/routes.ts';
import { registerAdminWebhookRoutes } from './webhooks/admin-routes.ts';
import { WebhookSender, type WebhookSenderOptions } from './webhooks/sender.ts';
import { pruneWebhookDeliveries } from './webhooks/webhooks-service.ts';

export interface AppOptions {
  db: Database;
  settings: Settings;
  /** The clock; defaults to the real one. */
  now?: () => Date;
  /** Where the logs go (tests read them); standard output by default. */
  logStream?: NodeJS.WritableStream;
  /** How e-mail leaves; by default as the settings say (SMTP, or `.eml` files). */
  mailTransport?: MailTransport;
  /** The sender's retry and lease timings (tests shorten them). */
  mailSender?: MailSenderOptions;
  /** The webhooks' sender's timings (tests shorten them). */
  webhookSender?: WebhookSenderOptions;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The outbox's sender: started when the app is ready, stopped when it closes. */
    mailSender: MailSender;
    /** The webhooks' sender: started when the app is ready, stopped when it closes. */
    webhookSender: WebhookSender;
    /** Every route registered, as `METHOD /path/:param` (the OpenAPI test compares the document with it). */
    routeList: string[];
  }
}

/**
 * The maintenance switch: the `settings` row `maintenance_mode` = 'on', cached for a moment
 * (`MAINTENANCE_CHECK_MS`, at most a second: how long another instance may take to see a change);
 * the instance that makes the change forgets its cache at once.
 */
function maintenanceSwitch(
  context: CoreContext,
  cacheMs: number,
): { isOn: () => Promise<boolean>; forget: () => void } {
  let cached = { value: false, until: 0 };
  return {
    isOn: async () => {
      const now = Date.now();
      if (now < cached.until) return cached.value;
      cached = { value: await isMaintenanceOn(context), until: now + cacheMs };
      return cached.value;
    },
    forget: () => {
      cached = { value: false, until: 0 };
    },
  };
}

const API_PATH = /^\/(api|sanctum)\//;

/** What answers in maintenance whoever calls: the session's own calls, so the staff can log in and out. */
const OPEN_IN_MAINTENANCE = new Set<string>([auth.csrfCookie.path, auth.login.path, auth.logout.path]);
/** What answers in maintenance without a session too (with its 401): what the back office asks first. */
const STAFF_ENTRY = new Set<string>([auth.user.path]);
const ADMIN_PATH = /^\/api\/v1\/admin(\/|$)/;

/**
 * Whether a call goes through while the portal is in maintenance: the laboratory's staff keep the
 * whole API (the back office), its ERP the integration area; anyone may get a CSRF cookie, log in (the login refuses a pharmacy's
 * user itself, see auth/routes.ts) and out; without a session, the back office's calls answer their
 * 401 as always. A pharmacy's user gets the 503 everywhere else.
 */
function passesMaintenance(request: FastifyRequest): boolean {
  // The laboratory's ERP keeps its connection: maintenance closes the portal to the pharmacies.
  if (isIntegrationCall(request)) return true;
  const user = request.session?.user ?? null;
  if (user !== null && user.role !== 'client') return true;
  const path = request.routeOptions.url ?? request.url.split('?')[0] ?? '';
  if (OPEN_IN_MAINTENANCE.has(path)) return true;
  return user === null && (STAFF_ENTRY.has(path) || ADMIN_PATH.test(path));
}

/**
 * TRUST_PROXY as Fastify takes it. A hop count becomes a function trusting the first `hops` addresses
 * from the socket inwards: Fastify 5 itself turns a number into "trust nothing", because a client that
 * reaches the server directly could then forge the header (so with a hop count the server must only be
 * reachable through its proxies; a list of proxy addresses holds even when it is not).
 */
function fastifyTrustProxy(
  setting: Settings['trustProxy'],
): boolean | string[] | ((address: string, hop: number) => boolean) {
  if (typeof setting !== 'number') return setting;
  const hops = setting;
  return (_address, hop) => hop < hops;
}

/**
 * pino's options: JSON lines to standard output (or `logStream`) with `LOG_FORMAT=json`, short
 * readable lines with `pretty`.
 */
function loggerOptions(
  settings: Settings,
  logStream: NodeJS.WritableStream | undefined,
): { level: Settings['logLevel']; stream?: NodeJS.WritableStream } {
  if (settings.logFormat === 'pretty')
    return { level: settings.logLevel, stream: prettyLogStream(logStream) };
  return logStream ? { level: settings.logLevel, stream: logStream } : { level: settings.logLevel };
}

export async function buildApp(options: AppOptions): Promise<FastifyInstance> {
  configureSpanishMessages();
  const { settings } = options;
  const core: CoreContext = { db: options.db, settings, now: options.now ?? (() => new Date()) };
  const app = Fastify({
    logger: loggerOptions(settings, options.logStream),
    // One line per request instead of Fastify's two.
    logController: new RequestLogController(),
    trustProxy: fastifyTrustProxy(settings.trustProxy),
    genReqId: (request) => {
      const given = request.headers['x-request-id'];
      return typeof given === 'string' && /^[\w-]{8,64}$/.test(given) ? given : randomUUID();
    },
    bodyLimit: 256 * 1024,
    // Slow or stalled clients (slow-loris): Node answers 408 and closes a socket whose headers, or
    // whole request, have not arrived in time; idle sockets are closed too. Node checks the first two
    // every `connectionsCheckingInterval` (30 s by default, far coarser than the timeouts).
    requestTimeout: settings.httpTimeouts.request,
    keepAliveTimeout: settings.httpTimeouts.keepAlive,
    connectionTimeout: settings.httpTimeouts.connection,
    http: {
      headersTimeout: settings.httpTimeouts.headers,
      requestTimeout: settings.httpTimeouts.request,
      connectionsCheckingInterval: Math.max(
        50,
        Math.min(1_000, Math.floor(settings.httpTimeouts.headers / 4)),
      ),
    },
    return503OnClosing: true,
    // Errors before routing and on the raw socket: Spanish `{ message }`, never the URL echoed.
    frameworkErrors,
    clientErrorHandler,
    routerOptions: { ignoreTrailingSlash: true },
  });

  const routeList: string[] = [];
  app.decorate('routeList', routeList);
  app.addHook('onRoute', (options) => {
    for (const method of [options.method].flat()) routeList.push(`${method} ${options.url}`);
  });

  // JSON only: a text/plain body (what a cross-site form can send) is a 415.
  app.removeContentTypeParser('text/plain');
  installUploads(app);
  // First of all, while the client's socket is surely open: its address (src/http/client-address.ts).
  installClientAddress(app);
  await app.register(cookie);
  if (settings.corsOrigins.length > 0) {
    await app.register(cors, {
      origin: settings.corsOrigins,
      credentials: true,
      methods: ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'],
      allowedHeaders: ['Content-Type', 'Accept', 'X-XSRF-TOKEN', 'X-Requested-With', 'X-Request-Id'],
      maxAge: 600,
    });
  }
  installErrorHandling(app);
  // Prometheus metrics (GET /metrics with METRICS_TOKEN) and, when configured, OpenTelemetry traces.
  const metrics = installMetrics(app, options.db, settings.metricsToken);
  await installTracing(app, settings.tracing);

  app.addHook('onRequest', async (request, reply) => {
    reply.header('x-request-id', request.id);
    reply.headers(SECURITY_HEADERS);
    // Only over HTTPS (behind the proxy, TRUST_PROXY makes request.protocol say so): a browser
    // that saw it over plain HTTP on a laptop would refuse that laptop's plain HTTP for a year.
    if (request.protocol === 'https') {
      reply.header('strict-transport-security', 'max-age=31536000; includeSubDomains');
    }
  });

  const maintenance = maintenanceSwitch(core, settings.maintenanceCheckMs);
  const isInMaintenance = maintenance.isOn;

  const mailSender = new MailSender(core, options.mailTransport ?? transportFromSettings(settings), app.log, {
    ...options.mailSender,
    onDelivery: (outcome) => {
      metrics.mailDelivery(outcome);
      options.mailSender?.onDelivery?.(outcome);
    },
  });
  app.decorate('mailSender', mailSender);
  app.addHook('onReady', async () => {
    app.log.info(
      { transport: mailSender.transport.name, ...(settings.mail.smtpUrl ? {} : { dir: settings.mail.dir }) },
      'mail: sender started',
    );
    mailSender.start();
  });
  app.addHook('onClose', () => mailSender.stop());
  const webhookSender = new WebhookSender(core, app.log, options.webhookSender);
  app.decorate('webhookSender', webhookSender);
  app.addHook('onReady', async () => webhookSender.start());
  app.addHook('onClose', () => webhookSender.stop());

  // The sessions read, kept for the catalogue's reads while every change is heard (docs/decisions/034).
  // The process's one LISTEN connection, shared with the catalogue index below (src/db/listener.ts).
  const notifications = new SharedListener();
  const sessionCache = new SessionCache(notifications, app.log);
  app.addHook('onClose', () => sessionCache.stop());
  const store = new SessionStore(core, sessionCache);
  const limiter = new RateLimiter(core);
  const passwordChecks = new PasswordChecks(settings.loginChecks, (trusted) =>
    metrics.loginBusyRefused(trusted ? 'known' : 'unknown'),
  );
  metrics.watchPasswordChecks(() => passwordChecks.stats);
  // Searches and filtered listings: a few at once per client (src/http/heavy-requests.ts).
  const heavy = new HeavyRequests(settings.heavyRequestsPerClient);
  const context: RouteContext = {
    ...core,
    mail: mailSender,
    limiter,
    sessions: store,
    passwordChecks,
    heavy,
  };
  installSessions(app, store);
  // The machine clients' area: an API key instead of the session (src/integration/).
  installIntegrationAccess(app, context);
  installIdempotency(app, context);
  // After the session is read: who calls decides whether a call passes the maintenance switch.
  app.addHook('onRequest', async (request) => {
    if (API_PATH.test(request.url) && (await isInMaintenance()) && !passesMaintenance(request)) {
      throw new HttpError(503, statusMessage(503), undefined, { 'retry-after': '120' });
    }
  });
  if (settings.pruneIntervalSeconds > 0) {
    // Expired sessions, ended rate-limit windows and data past the privacy policy's retention,
    // deleted on a schedule (src/auth/prune.ts, src/access/registrations-service.ts,
    // src/survey/survey-service.ts).
    let schedule: PruneSchedule | undefined;
    app.addHook('onReady', async () => {
      schedule = schedulePruning(
        {
          sessions: (batch) => store.pruneExpired(batch),
          rateLimitCounters: (batch) => limiter.pruneExpired(batch),
          // What the privacy policy promises to delete (@botica/domain DATA_RETENTION).
          registrationRequests: pruneUnsuccessfulRegistrations(context),
          surveyAnswers: pruneOldSurveyAnswers(context),
          integrationCalls: pruneIntegrationCalls(context),
          webhookDeliveries: pruneWebhookDeliveries(context),
          integrationRequests: pruneIntegrationRequests(context),
        },
        { intervalMs: settings.pruneIntervalSeconds * 1000, log: app.log },
      );
    });
    app.addHook('onClose', async () => {
      await schedule?.stop();
    });
  }

  app.addHook('onSend', async (request, reply, payload) => {
    if (API_PATH.test(request.url) && !reply.hasHeader('cache-control'))
      reply.header('cache-control', 'no-store');
    return payload;
  });

  // The active catalogue in memory (src/search/catalogue-index.ts): built before the server listens,
  // built again after every change.
  const catalogueIndex = new CatalogueIndex((unlessEpoch) => loadSnapshot(core.db, unlessEpoch), app.log);
  metrics.watchCatalogueIndex(() => catalogueIndex.memoryBytes);
  catalogueIndex.hearOn(notifications);
  // Listening first, then the first build: a change committed meanwhile builds again.
  app.addHook('onReady', () =>
    notifications.start(core.db, {
      applicationName: sessionCache.listenerName,
      label: 'notifications',
      log: app.log,
    }),
  );
  app.addHook('onReady', () => catalogueIndex.start(core.db));
  app.addHook('onClose', () => catalogueIndex.stop());
  app.addHook('onClose', () => notifications.stop());

  registerHealthRoutes(app, context);
  registerApiReference(app);
  registerAuthRoutes(app, context);
  registerAccessRoutes(app, context);
  registerAuditRoutes(app, context);
  registerDashboardRoutes(app, context);
  registerAccountRoutes(app, context);
  registerConfigurationRoutes(app, context);
  registerAdminConfigurationRoutes(app, context, maintenance);
  registerCatalogueRoutes(app, context, catalogueIndex);
  registerAdminCatalogueRoutes(app, context);
  registerSearchRoutes(app, context, catalogueIndex);
  registerCodeLookupRoutes(app, context);
  registerCartRoutes(app, context);
  registerOrderRoutes(app, context);
  registerPurchaseRoutes(app, context);
  registerDeliveryRoutes(app, context);
  registerDocumentRoutes(app, context);
  registerAdminOrderRoutes(app, context, { orderWithTimeline: orderDetail });
  registerAdminPharmacyRoutes(app, context, pharmacyActivity);
  registerAdminDocumentRoutes(app, context);
  registerAdminPictureRoutes(app, context);
  registerTrainingRoutes(app, context);
  registerAdminTrainingRoutes(app, context);
  registerContentRoutes(app, context);
  registerAdminContentRoutes(app, context);
  registerAdminNewsRoutes(app, context);
  registerSurveyRoutes(app, context);
  registerAdminSurveyRoutes(app, context);
  registerIntegrationRoutes(app, context);
  registerOrderFeedRoutes(app, context);
  registerAdminIntegrationRoutes(app, context);
  registerAdminWebhookRoutes(app, context);
  registerAdminWholesalerRoutes(app, context);
  registerIntegrationDocumentRoutes(app, context);
  registerStockAlertRoutes(app, context);
  registerSubstituteRoutes(app, context);
  registerAdminSubstituteRoutes(app, context);
  // Reading the switch is the database's check too: a page is 503 while it does not answer.
  const availability = async (): Promise<SpaAvailability> =>
    (await isInMaintenance()) ? 'maintenance' : 'ok';
  if (isPortalBuild(settings.portalDist)) {
    registerPortal(app, settings.portalDist, {
      availability,
      heroImage: (path) => productPagePhoto(context, path),
      chatWidget: settings.chatWidget,
      laboratory: settings.identity,
    });
  }
  if (settings.backofficeDist !== null && isSpaBuild(settings.backofficeDist)) {
    // The staff's app stays up in maintenance (it is how the switch is turned off): only an
    // unanswering database gives its page the 503.
    const backofficeAvailability = async (): Promise<SpaAvailability> => {
      await isInMaintenance();
      return 'ok';
    };
    serveSpa(app, {
      dist: settings.backofficeDist,
      basePath: '/backoffice/',
      csp: PORTAL_CSP,
      availability: backofficeAvailability,
      // The staff's header, painted before the scripts, for the staff whom the layout shows it to.
      paintsHeader: (request) => {
        const role = request.session?.user?.role;
        return role === 'admin' || role === 'sales_rep';
      },
    });
  }
  if (settings.storybookDist !== null && isStorybookBuild(settings.storybookDist)) {
    registerStorybook(app, settings.storybookDist);
  }
  return app;
}
