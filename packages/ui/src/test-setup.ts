/**
 * The setup of every browser test of the monorepo's React code (`@botica/ui`'s own,
 * `@botica/app-shell`'s and the back office's, each `src/test-setup.ts` importing it): the kit's
 * stylesheet, the house rule that a `console.error` fails the test, and after each test the rendered
 * trees unmounted and the mocks restored. `@botica/ui/test-setup` resolves only inside the monorepo
 * (through the `@botica/source` condition): it is not built or published.
 */
// Vite's client types declare the stylesheet's import, also for the packages whose type check reaches
// this file through `@botica/ui/test-setup` without them (`@botica/app-shell`).
/// <reference types="vite/client" />
import { cleanup } from '@testing-library/react';
import { afterEach, beforeEach, vi } from 'vitest';
import './styles.css';

// React's notices about act() scopes are the exception: these tests run in a real browser, where
// react-aria updates focus and hover state from native events and animation frames, and the tests
// wait for the DOM as a person would instead of wrapping every update in act().
const isActNotice = (message: string) => message.includes('act(') || message.includes('`act`');
let errors: unknown[][] = [];
beforeEach(() => {
  errors = [];
  vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => {
    if (typeof args[0] === 'string' && isActNotice(args[0])) return;
    errors.push(args);
  });
});
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  if (errors.length > 0) throw new Error(`console.error was called: ${errors.map(String).join('\n')}`);
});
