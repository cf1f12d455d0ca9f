import type { AdminPharmacyDetail } from '@botica/api-client/admin';
import { describe, expect, it } from 'vitest';
import { conditionChanges, conditionsOf, conditionsRequest, groupLabel } from './conditions.ts';

const GROUPS = [
  { id: 1, name: 'Farmacias Platino', discount_percent: 8 },
  { id: 2, name: 'Farmacias Oro', discount_percent: 5 },
];
const REPS = [
  { id: 3, name: 'Lucía Ortega Prieto' },
  { id: 4, name: 'Andrés Molina Vidal' },
];
const LOOKUPS = { groups: GROUPS, reps: REPS };

const pharmacy = {
  discount_group: GROUPS[0],
  sales_rep: REPS[0],
  recargo_equivalencia: false,
} as unknown as AdminPharmacyDetail;

describe('groupLabel', () => {
  it('names the group with its discount, or says there is none', () => {
    expect(groupLabel(GROUPS[1])).toBe('Farmacias Oro (5\u00a0%)');
    expect(groupLabel(null)).toBe('Sin grupo');
  });
});

describe('conditionChanges', () => {
  it('finds nothing when the form is as the pharmacy is', () => {
    expect(conditionChanges(pharmacy, conditionsOf(pharmacy), LOOKUPS)).toEqual([]);
  });

  it('lists each change from what it is to what it will be', () => {
    const form = { discountGroupId: '2', salesRepId: '', recargo: true };
    const changes = conditionChanges(pharmacy, form, LOOKUPS);
    expect(changes).toEqual([
      {
        field: 'discount_group_id',
        label: 'Grupo de descuento',
        before: 'Farmacias Platino (8\u00a0%)',
        after: 'Farmacias Oro (5\u00a0%)',
      },
      { field: 'sales_rep_id', label: 'Comercial', before: 'Lucía Ortega Prieto', after: 'Sin comercial' },
      { field: 'recargo_equivalencia', label: 'Recargo de equivalencia', before: 'No', after: 'Sí' },
    ]);
    expect(conditionsRequest(changes, form)).toEqual({
      discount_group_id: 2,
      sales_rep_id: null,
      recargo_equivalencia: true,
    });
  });

  it('sends only what changes', () => {
    const form = { discountGroupId: '1', salesRepId: '4', recargo: false };
    const changes = conditionChanges(pharmacy, form, LOOKUPS);
    expect(changes.map((change) => change.after)).toEqual(['Andrés Molina Vidal']);
    expect(conditionsRequest(changes, form)).toEqual({ sales_rep_id: 4 });
  });
});
