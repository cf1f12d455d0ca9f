import { cleanup } from '@testing-library/react';
import { afterEach, beforeEach, vi } from 'vitest';
import './styles.css';

// House rule (ARCHITECTURE.md §4): a console.error during a test fails it.
let errors: unknown[][] = [];
beforeEach(() => {
  errors = [];
  vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => {
    errors.push(args);
  });
});
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  if (errors.length > 0) throw new Error(`console.error was called: ${errors.map(String).join('\n')}`);
});
