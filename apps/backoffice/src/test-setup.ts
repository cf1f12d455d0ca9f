import { cleanup } from '@testing-library/react';
import { afterEach, beforeEach, vi } from 'vitest';
import '@botica/ui/styles.css';

// House rule: a console.error during a test fails it. React's notices about
// act() scopes are the exception: these tests run in a real browser, where react-aria updates focus
// and hover state from native events and animation frames, and the tests wait for the DOM as a
// person would instead of wrapping every update in act().
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
