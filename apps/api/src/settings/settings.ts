/**
 * The server's settings, from environment variables, validated with zod at start
 * (README.md "Settings"): a bad value stops the start with a message naming the variable.
 */
import { isIP } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  addressLines,
  DEMO_LABORATORY,
  isValidSpanishTaxId,
  type Laboratory,
  normaliseTaxId,
} from '@botica/domain';
import * as z from 'zod/mini';

/** The built portal that `npm start` serves on the same origin: `apps/portal/dist`. */
export const DEFAULT_PORTAL_DIST = fileURLToPath(new URL('../../../portal/dist', import.meta.url));

/** The default PGlite folder: `apps/api/.data/pglite`. */
export const DEFAULT_DATA_DIR = fileURLToPath(new URL('../../.data/pglite', import.meta.url));

/** Where messages go as `.eml` files without `SMTP_URL`: `apps/api/.data/mail`, beside the PGlite folder. */
export const DEFAULT_MAIL_DIR = fileURLToPath(new URL('../../.data/mail', import.meta.url));

/** The authority of a pharmaceutical laboratory's authorisation (LSSI-CE art. 10.1.d). */
const AEMPS = 'Agencia Española de Medicamentos y Productos Sanitarios (AEMPS)';

/**
 * The settings that make the laboratory's identity, each with what it is. Either all the required ones
 * are set (a real installation), or none of them (the demo laboratory, only outside production or
 * with the demo data).
 */
export const IDENTITY_SETTINGS = {
  LAB_NAME: 'the registered company name (razón social), e.g. "Herbolab Farma, S.A."',
  LAB_TAX_ID: 'its CIF, e.g. A28000008',
  LAB_STREET: 'the registered office: street and number',
  LAB_POSTAL_CODE: 'its postal code',
  LAB_CITY: 'its city',
  LAB_PROVINCE: 'its province',
  LAB_REGISTRY:
    'the registry entry in one line, e.g. "Registro Mercantil de Madrid, tomo 1, folio 2, hoja M-3, inscripción 1.ª"',
  LAB_AEMPS_AUTHORISATION: "the AEMPS's authorisation number of the laboratory",
  LAB_PHONE: 'the contact phone, e.g. "+34 910 000 000"',
  LAB_EMAIL: 'the general contact e-mail',
  SALES_ADMIN_EMAIL: "the sales administration's e-mail (contact block, sender, registration requests)",
} as const;

/** Optional identity settings, defaulted from the required ones. */
const OPTIONAL_IDENTITY = [
  'LAB_TRADE_NAME',
  'LAB_PRIVACY_EMAIL',
  'LAB_DPO_EMAIL',
  'LAB_FOOD_REGISTRY',
] as const;

const EMAIL = /^[^\s@<>"]+@[^\s@.<>"]+(\.[^\s@.<>"]+)+$/;

const integer = (min: number, max: number, fallback: number) =>
  z.prefault(
    z.pipe(
      z.string().check(z.regex(/^\d+$/, `must be a whole number between ${min} and ${max}`)),
      z.pipe(
        z.transform((value: string) => Number(value)),
        z.number().check(z.gte(min, `must be at least ${min}`), z.lte(max, `must be at most ${max}`)),
      ),
    ),
    String(fallback),
  );

/** A proxy address: an IP, a CIDR block, or proxy-addr's names of the reserved ranges. */
function isProxyAddress(entry: string): boolean {
  if (['loopback', 'linklocal', 'uniquelocal'].includes(entry)) return true;
  const [address = '', bits, ...rest] = entry.split('/');
  const version = isIP(address);
  if (version === 0 || rest.length > 0) return false;
  if (bits === undefined) return true;
  return /^\d{1,3}$/.test(bits) && Number(bits) <= (version === 4 ? 32 : 128);
}

/**
 * TRUST_PROXY: which proxies' `X-Forwarded-*` headers to believe (Fastify's `trustProxy`).
 * `false`/`no`/`off`/`0`: none (the socket's address is the client's); a whole number: that many proxy
 * hops in front of the server (the client is the address the outermost of them saw, so addresses a
 * client writes into `X-Forwarded-For` itself are ignored); a comma-separated list of addresses or CIDR
 * blocks: those proxies; `true`/`yes`/`on`: every hop (only safe when the proxy overwrites the header).
 */
const trustProxy = z.prefault(
  z.pipe(
    z
      .string()
      .check(
        z.refine(
          (value) =>
            /^(true|false|yes|no|on|off|\d{1,2})$/i.test(value.trim()) ||
            value.split(',').every((entry) => isProxyAddress(entry.trim())),
          'must be false, a number of proxy hops (e.g. 1), a comma-separated list of proxy addresses or CIDR blocks (e.g. 10.0.0.0/8), or true',
        ),
      ),
    z.transform((raw: string): boolean | number | string[] => {
      const value = raw.trim().toLowerCase();
      if (['true', 'yes', 'on'].includes(value)) return true;
      if (['false', 'no', 'off', '0'].includes(value)) return false;
      if (/^\d+$/.test(value)) return Number(value);
      return value.split(',').map((entry) => entry.trim());
    }),
  ),
  'false',
);

const EnvironmentSchema = z.object({
  PORT: integer(0, 65_535, 8080),
  HOST: z.prefault(z.string().check(z.minLength(1)), 'localhost'),
  DATABASE_URL: z.optional(
    z.string().check(z.regex(/^postgres(ql)?:\/\/\S+$/, 'must be a postgres:// or postgresql:// URL')),
  ),
  DATABASE_PASSWORD: z.optional(z.string().check(z.maxLength(1000))),
  DATA_DIR: z.prefault(z.string().check(z.minLength(1)), DEFAULT_DATA_DIR),
  CORS_ORIGINS: z.prefault(
    z.string().check(
      z.refine(
        (value) =>
          value
            .split(',')
            .map((origin) => origin.trim())
            .filter(Boolean)
            .every((origin) => /^https?:\/\/[^/\s]+$/.test(origin)),
        'must be a comma-separated list of origins such as https://portal.example.com (no path, no trailing slash)',
      ),
    ),
    '',
  ),
  LOG_LEVEL: z.prefault(
    z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'], {
      error: 'must be one of fatal, error, warn, info, debug, trace, silent',
    }),
    'info',
  ),
  LOG_FORMAT: z.optional(z.enum(['json', 'pretty'], { error: 'must be json or pretty' })),
  NODE_ENV: z.optional(z.string()),
  SESSION_IDLE_MINUTES: integer(1, 7 * 24 * 60, 120),
  CSRF_SECRET: z.optional(
    z.string().check(z.minLength(32, 'must be at least 32 characters (e.g. openssl rand -base64 48)')),
  ),
  CSRF_COOKIE_LIMIT_PER_ADDRESS: integer(1, 1_000_000_000, 300),
  PRUNE_INTERVAL_SECONDS: integer(0, 24 * 60 * 60, 600),
  COOKIE_SECURE: z.prefault(
    z.enum(['auto', 'always', 'never'], { error: 'must be auto, always or never' }),
    'auto',
  ),
  TRUST_PROXY: trustProxy,
  ATTEMPT_LIMIT_PER_USERNAME: integer(1, 100_000, 5),
  ATTEMPT_LIMIT_PER_ADDRESS: integer(1, 100_000, 20),
  ATTEMPT_LIMIT_PER_ADDRESS_DAY: integer(1, 1_000_000, 100),
  ATTEMPT_LIMIT_WINDOW_MINUTES: integer(1, 24 * 60, 15),
  ATTEMPT_LIMIT_PER_DEVICE: integer(1, 100_000, 10),
  LOGIN_CHECKS_IN_FLIGHT: integer(1, 64, 2),
  LOGIN_CHECKS_QUEUED: integer(0, 10_000, 32),
  HEAVY_REQUESTS_PER_CLIENT: integer(1, 1_000, 3),
  PORTAL_URL: z.prefault(
    z
      .string()
      .check(z.regex(/^(https?:\/\/[^/\s]+)?$/, 'must be an origin such as https://portal.example.com')),
    '',
  ),
  SMTP_URL: z.optional(
    z
      .string()
      .check(
        z.regex(
          /^smtps?:\/\/\S+$/,
          'must be an smtp:// or smtps:// URL, e.g. smtp://user:pass@mail.example.com:587',
        ),
      ),
  ),
  MAIL_FROM: z.optional(z.string().check(z.minLength(3), z.maxLength(300))),
  MAIL_DIR: z.optional(z.string().check(z.minLength(1))),
  MAIL_POLL_MS: integer(50, 600_000, 5_000),
  MAIL_GIVE_UP_HOURS: integer(1, 24 * 30, 72),
  LAB_NAME: z.optional(z.string().check(z.minLength(1), z.maxLength(200))),
  LAB_TRADE_NAME: z.optional(z.string().check(z.minLength(1), z.maxLength(100))),
  LAB_TAX_ID: z.optional(
    z.pipe(
      z
        .string()
        .check(
          z.refine(
            (value) => isValidSpanishTaxId(normaliseTaxId(value)),
            'must be a Spanish CIF (or NIF) with its check character, e.g. A28000008',
          ),
        ),
      z.transform((value: string) => normaliseTaxId(value)),
    ),
  ),
  LAB_STREET: z.optional(z.string().check(z.minLength(1), z.maxLength(200))),
  LAB_POSTAL_CODE: z.optional(
    z
      .string()
      .check(z.regex(/^(0[1-9]|[1-4]\d|5[0-2])\d{3}$/, 'must be a Spanish postal code (01000–52999)')),
  ),
  LAB_CITY: z.optional(z.string().check(z.minLength(1), z.maxLength(100))),
  LAB_PROVINCE: z.optional(z.string().check(z.minLength(1), z.maxLength(100))),
  LAB_REGISTRY: z.optional(z.string().check(z.minLength(10), z.maxLength(300))),
  LAB_AEMPS_AUTHORISATION: z.optional(z.string().check(z.minLength(1), z.maxLength(50))),
  LAB_FOOD_REGISTRY: z.optional(z.string().check(z.minLength(1), z.maxLength(50))),
  LAB_PHONE: z.optional(z.string().check(z.minLength(1), z.maxLength(50))),
  LAB_EMAIL: z.optional(z.string().check(z.regex(EMAIL, 'must be an e-mail address'))),
  LAB_PRIVACY_EMAIL: z.optional(z.string().check(z.regex(EMAIL, 'must be an e-mail address'))),
  LAB_DPO_EMAIL: z.optional(z.string().check(z.regex(EMAIL, 'must be an e-mail address'))),
  SALES_ADMIN_EMAIL: z.optional(z.string().check(z.regex(EMAIL, 'must be an e-mail address'))),
  ACCESS_ANSWER_MS: integer(0, 10_000, 400),
  REGISTRATIONS_PER_HOUR: integer(1, 100_000, 60),
  PUBLIC_URL: z.prefault(
    z.string().check(z.regex(/^(https?:\/\/[^/\s]+)?$/, 'must be an origin such as https://api.example.com')),
    '',
  ),
  MAINTENANCE_CHECK_MS: integer(0, 1_000, 1_000),
  PICTURE_MAX_BYTES: integer(1024, 100 * 1024 * 1024, 10 * 1024 * 1024),
  TRAINING_PDF_MAX_BYTES: integer(1024, 200 * 1024 * 1024, 20 * 1024 * 1024),
  INTEGRATION_BATCH_MAX_BYTES: integer(1024, 512 * 1024 * 1024, 32 * 1024 * 1024),
  DB_POOL_SIZE: integer(1, 100, 10),
  DB_STATEMENT_TIMEOUT_MS: integer(0, 600_000, 5_000),
  DB_CONNECT_TIMEOUT_MS: integer(100, 120_000, 5_000),
  HEADERS_TIMEOUT_MS: integer(100, 600_000, 10_000),
  REQUEST_TIMEOUT_MS: integer(100, 600_000, 30_000),
  KEEP_ALIVE_TIMEOUT_MS: integer(100, 600_000, 72_000),
  CONNECTION_TIMEOUT_MS: integer(0, 600_000, 60_000),
  API_WORKERS: integer(1, 64, 1),
  DEMO_DATA: z.prefault(z.enum(['on', 'off'], { error: 'must be on or off' }), 'off'),
  ALLOW_EMBEDDED_DATABASE: z.prefault(z.enum(['on', 'off'], { error: 'must be on or off' }), 'off'),
  ALLOW_FILE_MAIL: z.prefault(z.enum(['on', 'off'], { error: 'must be on or off' }), 'off'),
  SEED_PRODUCTS: integer(50, 200_000, 320),
  SEED: integer(0, 2 ** 31, 2026),
  SHUTDOWN_TIMEOUT_MS: integer(100, 120_000, 10_000),
  PORTAL_DIST: z.prefault(z.string().check(z.minLength(1)), DEFAULT_PORTAL_DIST),
  BACKOFFICE_DIST: z.optional(z.string().check(z.minLength(1))),
  STORYBOOK_DIST: z.optional(z.string().check(z.minLength(1))),
  CHAT_WIDGET_URL: z.optional(
    z.string().check(z.regex(/^https:\/\/[^\s/]+\/\S*$/, 'must be an https:// address of a script')),
  ),
  METRICS_TOKEN: z.optional(
    z
      .string()
      .check(
        z.regex(
          /^[\x21-\x7e]{32,}$/,
          'must be at least 32 printable characters without spaces (e.g. openssl rand -hex 32)',
        ),
      ),
  ),
  OTEL_EXPORTER_OTLP_ENDPOINT: z.optional(
    z
      .string()
      .check(
        z.regex(/^https?:\/\/\S+$/, 'must be an http:// or https:// URL, e.g. http://otel-collector:4318'),
      ),
  ),
  OTEL_SERVICE_NAME: z.prefault(z.string().check(z.minLength(1), z.maxLength(100)), 'botica-api'),
  CHAT_WIDGET_CONSENT: z.prefault(
    z.enum(['none', 'analytics', 'marketing'], { error: 'must be none, analytics or marketing' }),
    'marketing',
  ),
});

/** The validated settings. */
export interface Settings {
  port: number;
  host: string;
  /** A PostgreSQL server; when absent the embedded PGlite in `dataDir` is used. */
  databaseUrl: string | undefined;
  dataDir: string;
  /** Origins allowed to call the API with credentials (CORS); empty: same origin only. */
  corsOrigins: string[];
  logLevel: 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent';
  /**
   * `json`: one pino JSON object a line, for a log collector (the default with NODE_ENV=production);
   * `pretty`: short, readable lines for a developer's terminal (the default otherwise).
   */
  logFormat: 'json' | 'pretty';
  sessionIdleMinutes: number;
  /**
   * The key of the anonymous visitors' signed CSRF tokens (HMAC-SHA256). When unset, a random one is
   * stored once in the database's `settings` row `csrf_secret`, which every instance then shares.
   */
  csrfSecret: string | undefined;
  /** Anonymous `GET /sanctum/csrf-cookie` calls allowed per client address and minute (else 429). */
  csrfCookieLimitPerAddress: number;
  /**
   * How often (in seconds, jittered by ±20 %) each instance deletes the expired sessions and ended
   * rate-limit windows (0: never).
   */
  pruneIntervalSeconds: number;
  /** `auto`: Secure when the request came over HTTPS (behind a proxy, with TRUST_PROXY). */
  cookieSecure: 'auto' | 'always' | 'never';
  /**
   * Which proxies' `X-Forwarded-*` headers are believed: none (false), that many hops (a number),
   * those addresses or CIDR blocks (a list), or every hop (true). Fastify's `trustProxy`.
   */
  trustProxy: boolean | number | string[];
  /**
   * The limits of login attempts (and of the reset and registration requests), counted
   * before the password is checked, per action: per username and per client address in a window of
   * `windowMinutes`, and per address in a day.
   */
  attemptLimits: { perUsername: number; perAddress: number; perAddressPerDay: number; windowMinutes: number };
  /**
   * Login attempts allowed in one window (`attemptLimits.windowMinutes`) from a browser holding a
   * device cookie for the username (`auth/device-cookie.ts`): its own budget, in place of the
   * username's and the address's.
   */
  deviceAttemptLimit: number;
  /**
   * Password checks (scrypt, on libuv's thread pool) run at once per process, and logins allowed to
   * wait for one; beyond, a login is answered 429 at once. Device-cookie logins wait in their own
   * queue, served first.
   */
  loginChecks: { inFlight: number; queued: number };
  /** Heavy requests (searches, catalogue listings) one client may have in flight per process; beyond, 429. */
  heavyRequestsPerClient: number;
  /** Prefix of the image URLs the API hands out; empty for same-origin paths. */
  publicUrl: string;
  /**
   * The portal's origin, for the links in e-mails (`/login/reset_password?secret=…`). Empty: the
   * origin the request came to (development only: real mail, `SMTP_URL`, requires it, so a forged
   * `Host` header can never put another site in a reset link).
   */
  portalUrl: string;
  /**
   * E-mail: over SMTP when `smtpUrl` is set, else written as `.eml` files into `dir` with their
   * subject, recipient and links printed on the console. `from` is the sender (the sales
   * administration's address by default); the sender process polls the outbox every `pollMs` and
   * gives a message up after `giveUpHours` of temporary failures.
   */
  mail: { smtpUrl: string | undefined; from: string; dir: string; pollMs: number; giveUpHours: number };
  /**
   * The laboratory's name and contact block in every e-mail (`identity`'s, as lines); `salesEmail`
   * also gets registration requests.
   */
  laboratory: { name: string; address: string[]; phone: string; salesEmail: string };
  /**
   * The laboratory that runs this installation (`LAB_*`): its invoices, e-mails, the portal's footer
   * and legal pages all read it. The demo laboratory (`isDemo`) when no `LAB_*` identity is set, which
   * production allows only with the demo data.
   */
  identity: Laboratory;
  /**
   * The least time, in ms, the access calls (register, send_reset) take to answer, whatever they
   * found, so that their timing does not tell whether a username or tax id is known.
   */
  accessAnswerMs: number;
  /** Registration requests accepted per hour from all addresses together (besides the per-address limits). */
  registrationsPerHour: number;
  /** How long the maintenance switch is cached, in milliseconds (0: read on every request; at most 1000, so every instance sees a change within a second). */
  maintenanceCheckMs: number;
  /** The largest product picture accepted, in bytes (else 413 'Fichero demasiado grande'). */
  pictureMaxBytes: number;
  /** The largest PDF of a material or a newsletter accepted, in bytes (else 413 'Fichero demasiado grande'). */
  trainingPdfMaxBytes: number;
  /** The largest body of an ERP's bulk upsert (products, stock), in bytes (else 413). */
  integrationBatchMaxBytes: number;
  dbPoolSize: number;
  /**
   * PostgreSQL's `statement_timeout` of the server's connections, in ms (0: none); a statement cut
   * short answers 503. Not honoured by PGlite.
   */
  dbStatementTimeoutMs: number;
  /** How long to wait for a new PostgreSQL connection, in ms; beyond it the request answers 503. */
  dbConnectTimeoutMs: number;
  /**
   * The HTTP server's timeouts, in ms, so that slow or stalled clients (slow-loris) cannot hold
   * sockets: the request's headers must arrive within `headers`, the whole request (headers and body)
   * within `request` (both answered 408 and closed); an idle keep-alive socket is closed after
   * `keepAlive`, and any socket without traffic for `connection` (0: never).
   */
  httpTimeouts: { headers: number; request: number; keepAlive: number; connection: number };
  /**
   * Server processes sharing the port (one per CPU core is usual in production). More than one needs
   * PostgreSQL: the embedded database lives in one process.
   */
  apiWorkers: number;
  /** Products of the demo data generated on the first start of an empty database. */
  /**
   * Whether an empty database is filled with the demo data (its accounts have a public password):
   * only when asked (`DEMO_DATA=on` or `--demo`, as `npm start` does), never in production.
   */
  demoData: boolean;
  seedProducts: number;
  seed: number;
  shutdownTimeoutMs: number;
  /** The built portal to serve on the same origin (served when it holds an index.html). */
  portalDist: string;
  /** The built back office to serve at /backoffice/ (served when it holds an index.html); null: none. */
  backofficeDist: string | null;
  /** The built Storybook of @botica/ui to serve at /storybook/ (`npm start` sets it); null: none. */
  storybookDist: string | null;
  /**
   * The help chat of /login/register (docs/decisions/009): the provider's script and the cookie consent its
   * cookies need ('none' when it sets none); null for no chat (the page shows the phone and e-mail).
   */
  chatWidget: { url: string; consent: 'none' | 'analytics' | 'marketing' } | null;
  /**
   * The bearer token of `GET /metrics` (Prometheus); undefined: no metrics endpoint (404) and no
   * process metrics collected.
   */
  metricsToken: string | undefined;
  /**
   * OpenTelemetry traces of the HTTP requests and database queries, sent over OTLP/HTTP to
   * `endpoint` (its `/v1/traces`) as `serviceName`; null (the default): off, and nothing of the SDK loaded.
   */
  tracing: { endpoint: string; serviceName: string } | null;
}

/**
 * DATABASE_URL with DATABASE_PASSWORD as its password, percent-encoded: a password with `/`, `#`, `@`
 * or `:` pasted into the URL itself would break it.
 */
function withPassword(databaseUrl: string, password: string): string {
  const url = new URL(databaseUrl);
  url.password = encodeURIComponent(password);
  return url.toString();
}

/** Edit distance (insertions, deletions, substitutions and swaps of neighbours) between two names. */
function distance(a: string, b: string): number {
  const rows = Array.from({ length: a.length + 1 }, (_, i) =>
    Array.from({ length: b.length + 1 }, (_, j) => (i === 0 ? j : j === 0 ? i : 0)),
  );
  for (let i = 1; i <= a.length; i += 1) {
    for (let j = 1; j <= b.length; j += 1) {
      const row = rows[i] as number[];
      const above = rows[i - 1] as number[];
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let best = Math.min(
        (above[j] as number) + 1,
        (row[j - 1] as number) + 1,
        (above[j - 1] as number) + cost,
      );
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1])
        best = Math.min(best, ((rows[i - 2] as number[])[j - 2] as number) + 1);
      row[j] = best;
    }
  }
  return (rows[a.length] as number[])[b.length] as number;
}

/** Variables set in the environment whose names look like a misspelling of `name` (`DATABSE_URL`). */
function lookAlikes(name: string, names: readonly string[]): string[] {
  return names.filter((other) => other !== name && distance(other.toUpperCase(), name) <= 2);
}

/**
 * Under NODE_ENV=production, the fallbacks a laptop wants and a laboratory must not get without
 * asking: the embedded database without DATABASE_URL, and `.eml` files without SMTP_URL.
 */
function productionFallbacks(
  env: { DATABASE_URL?: string; SMTP_URL?: string; ALLOW_EMBEDDED_DATABASE: string; ALLOW_FILE_MAIL: string },
  names: readonly string[],
): string[] {
  const problems: string[] = [];
  const hint = (name: string) => {
    const similar = lookAlikes(name, names);
    return similar.length > 0 ? ` (${similar.join(', ')} is set: a misspelling?)` : '';
  };
  if (!env.DATABASE_URL && env.ALLOW_EMBEDDED_DATABASE !== 'on')
    problems.push(
      `  DATABASE_URL: not set${hint('DATABASE_URL')}. With NODE_ENV=production Botica does not fall back to the embedded database: set DATABASE_URL=postgres://user:password@host:5432/botica, or ALLOW_EMBEDDED_DATABASE=on for a one-process trial on PGlite in DATA_DIR.`,
    );
  if (!env.SMTP_URL && env.ALLOW_FILE_MAIL !== 'on')
    problems.push(
      `  SMTP_URL: not set${hint('SMTP_URL')}. With NODE_ENV=production Botica does not write its e-mails (password links, registrations) to files instead of sending them: set SMTP_URL=smtp://user:password@host:587 (and PORTAL_URL), or ALLOW_FILE_MAIL=on to keep them as .eml files in MAIL_DIR.`,
    );
  return problems;
}

/**
 * The laboratory's identity from the `LAB_*` settings: the demo laboratory when none of the required
 * ones is set, else all of them (a message naming the missing ones otherwise).
 */
function laboratoryIdentity(settings: { PORTAL_URL: string }): Laboratory | string {
  const env = settings as { PORTAL_URL: string } & Partial<Record<string, string>>;
  const required = Object.keys(IDENTITY_SETTINGS) as (keyof typeof IDENTITY_SETTINGS)[];
  const given = required.filter((name) => env[name] !== undefined);
  const optional = OPTIONAL_IDENTITY.filter((name) => env[name] !== undefined);
  if (given.length === 0 && optional.length === 0)
    return { ...DEMO_LABORATORY, portalUrl: env.PORTAL_URL || DEMO_LABORATORY.portalUrl };
  const missing = required.filter((name) => env[name] === undefined);
  if (missing.length > 0)
    return missing
      .map(
        (name) => `  ${name}: not set; the laboratory's identity needs it too (${IDENTITY_SETTINGS[name]})`,
      )
      .join('\n');
  const value = (name: (typeof required)[number]) => env[name] as string;
  return {
    legalName: value('LAB_NAME'),
    tradeName: env.LAB_TRADE_NAME ?? value('LAB_NAME'),
    taxId: value('LAB_TAX_ID'),
    address: {
      street: value('LAB_STREET'),
      postalCode: value('LAB_POSTAL_CODE'),
      city: value('LAB_CITY'),
      province: value('LAB_PROVINCE'),
    },
    registry: value('LAB_REGISTRY'),
    phone: value('LAB_PHONE'),
    email: value('LAB_EMAIL'),
    salesEmail: value('SALES_ADMIN_EMAIL'),
    privacyEmail: env.LAB_PRIVACY_EMAIL ?? value('LAB_EMAIL'),
    dpoEmail: env.LAB_DPO_EMAIL ?? env.LAB_PRIVACY_EMAIL ?? value('LAB_EMAIL'),
    authorisation: { authority: AEMPS, number: value('LAB_AEMPS_AUTHORISATION') },
    foodRegistry: env.LAB_FOOD_REGISTRY ?? null,
    portalUrl: env.PORTAL_URL,
    isDemo: false,
  };
}

/** A setting that does not validate; the message lists every variable at fault. */
export class SettingsError extends Error {
  override readonly name = 'SettingsError';
}

/**
 * Reads and validates the settings from the environment (empty values count as unset).
 * @throws SettingsError naming each variable at fault and what it must be.
 */
export function loadSettings(environment: Record<string, string | undefined> = process.env): Settings {
  const present = Object.fromEntries(
    Object.entries(environment).filter(([, value]) => value !== undefined && value.trim() !== ''),
  );
  const result = EnvironmentSchema.safeParse(present);
  if (!result.success) {
    const lines = result.error.issues.map(
      (issue) =>
        `  ${issue.path.join('.')}=${JSON.stringify(present[String(issue.path[0])])}: ${issue.message}`,
    );
    throw new SettingsError(`Invalid settings in the environment:\n${lines.join('\n')}`);
  }
  const env = result.data;
  if (env.HEADERS_TIMEOUT_MS > env.REQUEST_TIMEOUT_MS) {
    throw new SettingsError(
      `Invalid settings in the environment:\n  HEADERS_TIMEOUT_MS="${env.HEADERS_TIMEOUT_MS}": must not be more than REQUEST_TIMEOUT_MS (${env.REQUEST_TIMEOUT_MS})`,
    );
  }
  if (env.SMTP_URL && !env.PORTAL_URL) {
    throw new SettingsError(
      'Invalid settings in the environment:\n  PORTAL_URL: must be set when SMTP_URL is (the origin of the links in e-mails, e.g. https://portal.example.com; without it they would follow the Host header of the request)',
    );
  }
  if (env.DATABASE_PASSWORD !== undefined && !env.DATABASE_URL)
    throw new SettingsError(
      'Invalid settings in the environment:\n  DATABASE_PASSWORD: given without DATABASE_URL (the server, database and user it is the password of)',
    );
  if (env.NODE_ENV === 'production') {
    const problems = productionFallbacks(env, Object.keys(present));
    if (problems.length > 0)
      throw new SettingsError(`Invalid settings in the environment:\n${problems.join('\n')}`);
  }
  const identity = laboratoryIdentity(env);
  if (typeof identity === 'string')
    throw new SettingsError(`Invalid settings in the environment:\n${identity}`);
  if (identity.isDemo && env.NODE_ENV === 'production' && env.DEMO_DATA !== 'on')
    throw new SettingsError(
      `Invalid settings in the environment:\n  LAB_*: the laboratory's identity is not set. With NODE_ENV=production Botica does not issue invoices and e-mails in the demo laboratory's name: set ${Object.keys(IDENTITY_SETTINGS).join(', ')} (see apps/api/README.md).`,
    );
  if (env.API_WORKERS > 1 && !env.DATABASE_URL) {
    throw new SettingsError(
      `Invalid settings in the environment:\n  API_WORKERS="${env.API_WORKERS}": more than one worker needs DATABASE_URL (the embedded PGlite database lives in one process)`,
    );
  }
  return {
    port: env.PORT,
    host: env.HOST,
    databaseUrl:
      env.DATABASE_URL && env.DATABASE_PASSWORD !== undefined
        ? withPassword(env.DATABASE_URL, env.DATABASE_PASSWORD)
        : env.DATABASE_URL,
    dataDir: env.DATA_DIR,
    corsOrigins: env.CORS_ORIGINS.split(',')
      .map((origin) => origin.trim())
      .filter(Boolean),
    logLevel: env.LOG_LEVEL,
    logFormat: env.LOG_FORMAT ?? (env.NODE_ENV === 'production' ? 'json' : 'pretty'),
    sessionIdleMinutes: env.SESSION_IDLE_MINUTES,
    csrfSecret: env.CSRF_SECRET,
    csrfCookieLimitPerAddress: env.CSRF_COOKIE_LIMIT_PER_ADDRESS,
    pruneIntervalSeconds: env.PRUNE_INTERVAL_SECONDS,
    cookieSecure: env.COOKIE_SECURE,
    trustProxy: env.TRUST_PROXY,
    attemptLimits: {
      perUsername: env.ATTEMPT_LIMIT_PER_USERNAME,
      perAddress: env.ATTEMPT_LIMIT_PER_ADDRESS,
      perAddressPerDay: env.ATTEMPT_LIMIT_PER_ADDRESS_DAY,
      windowMinutes: env.ATTEMPT_LIMIT_WINDOW_MINUTES,
    },
    deviceAttemptLimit: env.ATTEMPT_LIMIT_PER_DEVICE,
    loginChecks: { inFlight: env.LOGIN_CHECKS_IN_FLIGHT, queued: env.LOGIN_CHECKS_QUEUED },
    heavyRequestsPerClient: env.HEAVY_REQUESTS_PER_CLIENT,
    publicUrl: env.PUBLIC_URL,
    portalUrl: env.PORTAL_URL,
    mail: {
      smtpUrl: env.SMTP_URL,
      from: env.MAIL_FROM ?? `"${identity.legalName.replace(/["\\]/g, '')}" <${identity.salesEmail}>`,
      // An in-memory database's mail goes to the temporary folder, not beside a data folder it has not.
      dir:
        env.MAIL_DIR ??
        (env.DATA_DIR.startsWith('memory://') ? join(tmpdir(), 'botica-mail') : DEFAULT_MAIL_DIR),
      pollMs: env.MAIL_POLL_MS,
      giveUpHours: env.MAIL_GIVE_UP_HOURS,
    },
    laboratory: {
      name: identity.legalName,
      address: addressLines(identity).slice(1),
      phone: identity.phone,
      salesEmail: identity.salesEmail,
    },
    identity,
    accessAnswerMs: env.ACCESS_ANSWER_MS,
    registrationsPerHour: env.REGISTRATIONS_PER_HOUR,
    maintenanceCheckMs: env.MAINTENANCE_CHECK_MS,
    pictureMaxBytes: env.PICTURE_MAX_BYTES,
    trainingPdfMaxBytes: env.TRAINING_PDF_MAX_BYTES,
    integrationBatchMaxBytes: env.INTEGRATION_BATCH_MAX_BYTES,
    dbPoolSize: env.DB_POOL_SIZE,
    dbStatementTimeoutMs: env.DB_STATEMENT_TIMEOUT_MS,
    dbConnectTimeoutMs: env.DB_CONNECT_TIMEOUT_MS,
    httpTimeouts: {
      headers: env.HEADERS_TIMEOUT_MS,
      request: env.REQUEST_TIMEOUT_MS,
      keepAlive: env.KEEP_ALIVE_TIMEOUT_MS,
      connection: env.CONNECTION_TIMEOUT_MS,
    },
    apiWorkers: env.API_WORKERS,
    demoData: env.DEMO_DATA === 'on',
    seedProducts: env.SEED_PRODUCTS,
    seed: env.SEED,
    shutdownTimeoutMs: env.SHUTDOWN_TIMEOUT_MS,
    portalDist: env.PORTAL_DIST,
    backofficeDist: env.BACKOFFICE_DIST ?? null,
    storybookDist: env.STORYBOOK_DIST ?? null,
    chatWidget: env.CHAT_WIDGET_URL ? { url: env.CHAT_WIDGET_URL, consent: env.CHAT_WIDGET_CONSENT } : null,
    metricsToken: env.METRICS_TOKEN,
    tracing: env.OTEL_EXPORTER_OTLP_ENDPOINT
      ? { endpoint: env.OTEL_EXPORTER_OTLP_ENDPOINT, serviceName: env.OTEL_SERVICE_NAME }
      : null,
  };
}

/** Settings for tests and tools: the defaults, with overrides. */
export function testSettings(overrides: Partial<Settings> = {}): Settings {
  return {
    ...loadSettings({}),
    logLevel: 'silent',
    // Tests read the log lines as JSON.
    logFormat: 'json',
    maintenanceCheckMs: 0,
    accessAnswerMs: 0,
    // The API alone, whether or not the portal has been built (a test that wants it says so).
    portalDist: '/nonexistent/portal-dist',
    ...overrides,
  };
}
