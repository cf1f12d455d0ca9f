import { ADMIN_CONTENT_MESSAGES } from '@botica/api-client/admin';
import { describe, expect, it } from 'vitest';
import { messageProblems, messageState } from './message-form.ts';

const valid = { title: 'Cierre', body: 'Texto.', starts_at: '2026-12-01T08:00', ends_at: '2026-12-09T08:00' };

describe('the message form', () => {
  it('accepts a complete message', () => {
    expect(messageProblems(valid)).toEqual({});
  });

  it('asks for the title, the text and both dates', () => {
    expect(messageProblems({ title: ' ', body: '', starts_at: '', ends_at: 'x' })).toEqual({
      title: ADMIN_CONTENT_MESSAGES.titleRequired,
      body: ADMIN_CONTENT_MESSAGES.bodyRequired,
      starts_at: ADMIN_CONTENT_MESSAGES.dateRequired,
      ends_at: ADMIN_CONTENT_MESSAGES.dateRequired,
    });
  });

  it('refuses an end at or before the start, under the end', () => {
    expect(messageProblems({ ...valid, ends_at: valid.starts_at })).toEqual({
      ends_at: ADMIN_CONTENT_MESSAGES.endsBeforeStarts,
    });
  });

  it('says whether a message is scheduled, on the portal or over', () => {
    const message = { starts_at: '2026-12-01T07:00:00.000Z', ends_at: '2026-12-09T07:00:00.000Z' };
    expect(messageState(message, new Date('2026-11-30T00:00:00Z'))).toBe('scheduled');
    expect(messageState(message, new Date('2026-12-05T00:00:00Z'))).toBe('active');
    expect(messageState(message, new Date('2026-12-09T07:00:00Z'))).toBe('ended');
  });
});
