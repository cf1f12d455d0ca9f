/**
 * A pharmacy's commercial conditions as the 'Cambiar condiciones' dialog edits them: its discount
 * group, its sales rep and whether it is in the recargo de equivalencia regime; what a change sends
 * and how it is read back to the admin before it is saved.
 */
import type {
  AdminPharmacyDetail,
  AdminPharmacyUpdateRequest,
  DiscountGroup,
  SalesRepReference,
} from '@botica/api-client/admin';
import { formatPercent } from '@botica/domain';

/** The conditions in the form: an id as its select's key, '' for none. */
export interface ConditionsForm {
  discountGroupId: string;
  salesRepId: string;
  recargo: boolean;
}

/** One change as the confirmation lists it. */
export interface ConditionChange {
  field: 'discount_group_id' | 'sales_rep_id' | 'recargo_equivalencia';
  label: string;
  before: string;
  after: string;
}

/** A discount group as the page names it: 'Farmacias Oro (5 %)'. */
export function groupLabel(group: DiscountGroup | null | undefined): string {
  return group ? `${group.name} (${formatPercent(group.discount_percent)})` : 'Sin grupo';
}

/** A sales rep as the page names him, or 'Sin comercial'. */
export function repLabel(rep: SalesRepReference | null | undefined): string {
  return rep ? rep.name : 'Sin comercial';
}

/** Whether the pharmacy is in the recargo regime, in a word. */
export function recargoLabel(recargo: boolean): string {
  return recargo ? 'Sí' : 'No';
}

/** The form's starting values: the pharmacy's conditions as they are. */
export function conditionsOf(pharmacy: AdminPharmacyDetail): ConditionsForm {
  return {
    discountGroupId: pharmacy.discount_group ? String(pharmacy.discount_group.id) : '',
    salesRepId: pharmacy.sales_rep ? String(pharmacy.sales_rep.id) : '',
    recargo: pharmacy.recargo_equivalencia,
  };
}

const idOrNull = (key: string): number | null => (key === '' ? null : Number(key));

/**
 * What changes, in the order of the form, with the lookups' names (an id no lookup knows is shown
 * as its number: the server will say it does not exist).
 */
export function conditionChanges(
  pharmacy: AdminPharmacyDetail,
  form: ConditionsForm,
  lookups: { groups: readonly DiscountGroup[]; reps: readonly SalesRepReference[] },
): ConditionChange[] {
  const changes: ConditionChange[] = [];
  const now = conditionsOf(pharmacy);
  if (form.discountGroupId !== now.discountGroupId) {
    const group = lookups.groups.find((candidate) => String(candidate.id) === form.discountGroupId);
    changes.push({
      field: 'discount_group_id',
      label: 'Grupo de descuento',
      before: groupLabel(pharmacy.discount_group),
      after:
        form.discountGroupId === ''
          ? groupLabel(null)
          : group
            ? groupLabel(group)
            : `#${form.discountGroupId}`,
    });
  }
  if (form.salesRepId !== now.salesRepId) {
    const rep = lookups.reps.find((candidate) => String(candidate.id) === form.salesRepId);
    changes.push({
      field: 'sales_rep_id',
      label: 'Comercial',
      before: repLabel(pharmacy.sales_rep),
      after: form.salesRepId === '' ? repLabel(null) : rep ? repLabel(rep) : `#${form.salesRepId}`,
    });
  }
  if (form.recargo !== now.recargo) {
    changes.push({
      field: 'recargo_equivalencia',
      label: 'Recargo de equivalencia',
      before: recargoLabel(now.recargo),
      after: recargoLabel(form.recargo),
    });
  }
  return changes;
}

/** The PATCH's body: only the fields that change. */
export function conditionsRequest(
  changes: readonly ConditionChange[],
  form: ConditionsForm,
): AdminPharmacyUpdateRequest {
  const body: AdminPharmacyUpdateRequest = {};
  for (const change of changes) {
    if (change.field === 'discount_group_id') body.discount_group_id = idOrNull(form.discountGroupId);
    if (change.field === 'sales_rep_id') body.sales_rep_id = idOrNull(form.salesRepId);
    if (change.field === 'recargo_equivalencia') body.recargo_equivalencia = form.recargo;
  }
  return body;
}
