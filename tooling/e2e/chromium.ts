/**
 * Debian's Chromium (docs/decisions/001-toolchain.md), never Playwright's own download: where it is
 * and the switches every test browser starts with, quiet and headless-ready. Free of imports, so a
 * Vitest config or a script reads it without Playwright's test runner.
 */

/** The browser's executable: `CHROME_PATH`, else Debian's package. */
export const CHROMIUM_EXECUTABLE_PATH: string = process.env.CHROME_PATH ?? '/usr/bin/chromium';

/** The switches: no sandbox (containers, CI), no GPU, nothing fetched or synced behind the tests. */
export const CHROMIUM_ARGS: readonly string[] = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

/**
 * Playwright's launch options for that browser (a Playwright config's `use.launchOptions`, Vitest's
 * browser provider). `headless` adds the switch for a provider that does not pass it itself.
 */
export function chromiumLaunchOptions({ headless = false }: { headless?: boolean } = {}): {
  executablePath: string;
  args: string[];
} {
  return {
    executablePath: CHROMIUM_EXECUTABLE_PATH,
    args: headless ? ['--headless', ...CHROMIUM_ARGS] : [...CHROMIUM_ARGS],
  };
}
