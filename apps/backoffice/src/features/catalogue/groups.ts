/** The discount groups as the special prices' select names them. */
import type { DiscountGroup } from '@botica/api-client/admin';
import { formatPercent } from '@botica/domain';

/** 'Farmacias Oro (5 %)', for each group. */
export function groupOptions(groups: readonly DiscountGroup[]): { id: number; label: string }[] {
  return groups.map((group) => ({
    id: group.id,
    label: `${group.name} (${formatPercent(group.discount_percent)})`,
  }));
}
