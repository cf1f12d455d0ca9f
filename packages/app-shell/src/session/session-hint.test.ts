import { describe, expect, it } from 'vitest';
import { forgetSessionHint, sessionHint } from './session-hint.ts';

const page = (content: string | null) => ({
  querySelector: () => (content === null ? null : { content }),
});

describe('the session hint of the page', () => {
  it('reads what the server wrote, and nothing else', () => {
    expect(sessionHint(page('none') as never)).toBe('none');
    expect(sessionHint(page('client') as never)).toBe('client');
    expect(sessionHint(page('other') as never)).toBe('other');
    expect(sessionHint(page('admin') as never)).toBeNull();
    expect(sessionHint(page(null) as never)).toBeNull();
  });

  it('says nothing once the session has changed in the page', () => {
    forgetSessionHint();
    expect(sessionHint(page('none') as never)).toBeNull();
  });
});
