import { ADMIN_TRAINING_MESSAGES as M } from '@botica/api-client/admin';
import { describe, expect, it } from 'vitest';
import {
  fileSize,
  libraryFieldOf,
  libraryProblems,
  tagList,
  webinarProblems,
  webinarRequest,
  webinarValues,
} from './training-form.ts';

const filled = {
  ...webinarValues(null),
  title: 'Valeriana',
  topic: 'Sueño',
  summary: 'Resumen',
  description: 'Uno.\n\nDos.',
  speaker_name: 'Dra. Ruiz',
  speaker_title: 'Farmacéutica',
  starts_at_local: '2027-03-29T10:00',
  join_url: 'https://meet.example/v',
};

describe('the webinar form', () => {
  it('finds nothing wrong with a filled webinar, and sends it as the server reads it', () => {
    expect(webinarProblems(filled)).toEqual({});
    expect(webinarRequest(filled, [3, 4])).toMatchObject({
      starts_at_local: '2027-03-29T10:00',
      duration_minutes: 60,
      recording_url: null,
      product_ids: [3, 4],
    });
  });

  it('words each problem as the server does', () => {
    const problems = webinarProblems({
      ...filled,
      title: ' ',
      join_url: 'http://meet.example/v',
      recording_url: 'grabacion',
      duration_minutes: '0',
      starts_at_local: '29/03/2027',
    });
    expect(problems).toEqual({
      title: M.titleRequired,
      join_url: M.urlInvalid,
      recording_url: M.urlInvalid,
      duration_minutes: M.durationInvalid,
      starts_at_local: M.startsAtInvalid,
    });
    // A day that does not exist is refused as the server refuses it.
    expect(webinarProblems({ ...filled, starts_at_local: '2027-02-31T10:00' })).toEqual({
      starts_at_local: M.startsAtInvalid,
    });
  });
});

describe('the library forms', () => {
  it('reads the tags as a comma-separated list, each once', () => {
    expect(tagList(' Sueño, estrés,,Sueño ')).toEqual(['Sueño', 'estrés']);
  });

  it('checks the day and the text', () => {
    const check = libraryProblems('newsletters');
    expect(check({ title: 'x', text: '', published_on: '2027-13-01', tags: '' })).toEqual({
      text: M.summaryRequired,
      published_on: M.publishedOnInvalid,
    });
  });

  it('maps the server’s fields onto the form’s', () => {
    expect(libraryFieldOf('summary')).toBe('text');
    expect(libraryFieldOf('tags.3')).toBe('tags');
    expect(libraryFieldOf('webinar_id')).toBeNull();
  });

  it('writes sizes in KB and MB', () => {
    expect(fileSize(48_213)).toBe('47 KB');
    expect(fileSize(20 * 1024 * 1024)).toBe('20,0 MB');
  });
});
