/**
 * The portal's settings, read once from Vite's environment and validated (the only reader of
 * `import.meta.env`).
 */
export interface PortalEnv {
  /** Where the API lives; empty for the same origin (the default: `npm start` serves both). */
  apiBaseUrl: string;
  /** The tag manager container, if analytics are wired. */
  gtmId: string | null;
  /** Request timeout in milliseconds. */
  apiTimeoutMs: number;
}

function readEnv(source: Record<string, string | boolean | undefined>): PortalEnv {
  const apiBaseUrl = String(source.VITE_API_BASE_URL ?? '').replace(/\/$/, '');
  if (apiBaseUrl !== '' && !/^https?:\/\//.test(apiBaseUrl)) {
    throw new Error(`VITE_API_BASE_URL must be an http(s) URL or empty, got "${apiBaseUrl}"`);
  }
  const timeout = Number(source.VITE_API_TIMEOUT_MS ?? 15_000);
  if (!Number.isInteger(timeout) || timeout < 1000) {
    throw new Error(
      `VITE_API_TIMEOUT_MS must be a whole number of milliseconds ≥ 1000, got "${String(timeout)}"`,
    );
  }
  const gtmId = source.VITE_GTM_ID ? String(source.VITE_GTM_ID) : null;
  return { apiBaseUrl, gtmId, apiTimeoutMs: timeout };
}

export const env: PortalEnv = readEnv(import.meta.env);
