import { describe, expect, it } from 'vitest';
import { retentionCutoffs } from './retention.ts';

describe('retentionCutoffs', () => {
  it('counts calendar months back from now: 12 for registrations, 2 years for survey answers', () => {
    expect(retentionCutoffs(new Date('2026-11-25T10:00:00Z'))).toEqual({
      unsuccessfulRegistrations: new Date('2025-11-25T10:00:00Z'),
      surveyAnswers: new Date('2024-11-25T10:00:00Z'),
    });
  });
});
