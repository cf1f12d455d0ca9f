import { describe, expect, it } from 'vitest';
import { auditFilters, auditSearch } from './filters.ts';

describe("the audit log's filters in the address", () => {
  it('reads every filter the server accepts', () => {
    const filters = auditFilters(
      new URLSearchParams(
        'user_id=2&object_type=registration&object_id=12&from=2026-11-01&to=2026-11-28&page=3',
      ),
    );
    expect(filters).toEqual({
      user_id: 2,
      object_type: 'registration',
      object_id: '12',
      from: '2026-11-01',
      to: '2026-11-28',
      page: 3,
    });
  });

  it('drops what the server would refuse instead of failing the page', () => {
    expect(
      auditFilters(new URLSearchParams('user_id=abc&object_type=Client;&from=2026-13-01&page=0')),
    ).toEqual({});
    expect(auditFilters(new URLSearchParams('from=2026-11-28&to=2026-11-01'))).toEqual({
      from: '2026-11-28',
    });
    expect(auditFilters(new URLSearchParams('object_id=&user_id= '))).toEqual({});
  });

  it('writes the filters back, empty ones left out, in a stable order', () => {
    expect(auditSearch({ object_type: 'registration', user_id: 2 })).toBe(
      '?user_id=2&object_type=registration',
    );
    expect(auditSearch({})).toBe('');
    const round = auditSearch(auditFilters(new URLSearchParams('page=2&from=2026-11-01')));
    expect(round).toBe('?from=2026-11-01&page=2');
  });
});
