/**
 * The catalogue's filters (price, text, ranges, health problems): in their own chunk. Wide screens
 * show them with the results (the loader fetches the chunk with the data); tablets and phones, where
 * they start folded away, load it once the page is idle. The price comes first and the two long
 * lists of categories fold away, so every filter is a short reach from the top.
 */
import type { CatalogueFacets, Category, PriceRange } from '@botica/api-client/schemas';
import { centsToEuros, eurosToCents, formatCount, SEARCH_QUERY_MAX_LENGTH } from '@botica/domain';
import { Button, Checkbox, FilterGroup, PriceRangeField, TextField } from '@botica/ui';
import { type FormEvent, useEffect, useMemo, useRef } from 'react';
import { type CategoryCounts, categoryCounts, optionCount } from './catalog-data.ts';
import { type CatalogFilters, hasActiveFilters, parseCatalogFilters, withFilter } from './catalog-filters.ts';

function toggle(ids: readonly number[], id: number, isSelected: boolean): number[] {
  return isSelected ? [...new Set([...ids, id])].sort((a, b) => a - b) : ids.filter((other) => other !== id);
}

const toCents = (euros: number | null) => (euros === null ? null : eurosToCents(euros));
const toEuros = (cents: number | null) => (cents === null ? null : centsToEuros(cents));

/** 'Gama' is feminine: '2 seleccionadas'. */
const rangesSelected = (count: number) =>
  count === 1 ? '1 seleccionada' : `${formatCount(count)} seleccionadas`;

function CategoryFilter(props: {
  title: string;
  options: Category[];
  selected: number[];
  counts: CategoryCounts | null;
  onChange: (ids: number[]) => void;
  countLabel?: (count: number) => string;
}) {
  return (
    <FilterGroup
      title={props.title}
      selectedCount={props.selected.length}
      defaultOpen={props.selected.length > 0}
      {...(props.countLabel ? { countLabel: props.countLabel } : {})}
    >
      {props.options.map((option) => {
        const count = optionCount(option, props.counts);
        // Listed and operable at 0 as well: a ticked one must stay there to be unticked, and the
        // dimmed name with its '(0)' already says that ticking it would leave nothing.
        return (
          <Checkbox
            key={option.id}
            isSelected={props.selected.includes(option.id)}
            onChange={(isSelected) => props.onChange(toggle(props.selected, option.id, isSelected))}
            {...(count === 0 ? { className: 'catalog-filters__option--empty' } : {})}
          >
            {option.name} <span className="catalog-filters__count">({formatCount(count)})</span>
          </Checkbox>
        );
      })}
    </FilterGroup>
  );
}

export interface CatalogFilterPanelProps {
  filters: CatalogFilters;
  ranges: Category[];
  problems: Category[];
  priceRange: PriceRange;
  /**
   * The listing's counts for the filters in force, shown beside each category; without them each
   * category shows its own product count.
   */
  facets?: CatalogueFacets | undefined;
  /** Goes to the catalogue with these filters. */
  apply: (next: CatalogFilters) => void;
  /** How many products the filters let through: 'Ver N productos'. */
  resultCount: number;
  /** Whether the results for the latest filters are still on their way. */
  isUpdating?: boolean;
  /** Closes the folded panel and brings the results into view (tablets and phones). */
  onShowResults: () => void;
}

export function CatalogFilterPanel({
  filters,
  ranges,
  problems,
  priceRange,
  facets,
  apply,
  resultCount,
  isUpdating = false,
  onShowResults,
}: CatalogFilterPanelProps) {
  // The filters last asked for: a price committed by leaving its field for a checkbox is still on
  // its way into the URL when the checkbox changes, and the checkbox's change must keep it.
  const latest = useRef(filters);
  useEffect(() => {
    latest.current = filters;
  }, [filters]);
  const counts = useMemo(() => categoryCounts(facets), [facets]);
  const change = (next: Partial<Omit<CatalogFilters, 'page'>>) => {
    latest.current = withFilter(latest.current, next);
    apply(latest.current);
  };

  const submitText = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    change({ text: String(new FormData(event.currentTarget).get('q') ?? '').trim() });
  };
  return (
    <div className="catalog-filters__body">
      <PriceRangeField
        minCents={toCents(filters.priceMin)}
        maxCents={toCents(filters.priceMax)}
        boundsCents={{ minCents: eurosToCents(priceRange.min), maxCents: eurosToCents(priceRange.max) }}
        onChange={({ minCents, maxCents }) =>
          change({ priceMin: toEuros(minCents), priceMax: toEuros(maxCents) })
        }
      />
      <form className="catalog-filters__group" onSubmit={submitText} key={filters.text}>
        <TextField
          name="q"
          label="Buscar en el catálogo"
          defaultValue={filters.text}
          type="search"
          maxLength={SEARCH_QUERY_MAX_LENGTH}
        />
        <Button type="submit" variant="secondary" size="sm">
          Aplicar
        </Button>
      </form>
      <div className="catalog-filters__categories">
        <CategoryFilter
          title="Gama"
          options={ranges}
          selected={filters.ranges}
          counts={counts}
          countLabel={rangesSelected}
          onChange={(ids) => change({ ranges: ids })}
        />
        <CategoryFilter
          title="Problema de salud"
          options={problems}
          selected={filters.problems}
          counts={counts}
          onChange={(ids) => change({ problems: ids })}
        />
      </div>
      {hasActiveFilters(filters) ? (
        <Button variant="ghost" onPress={() => apply(parseCatalogFilters(new URLSearchParams()))}>
          Quitar filtros
        </Button>
      ) : null}
      {/* Folded panels only (tablets and phones): the results are far below the filters there. */}
      <div className="catalog-filters__show">
        <Button variant="primary" onPress={onShowResults} isPending={isUpdating}>
          {resultCount === 1 ? 'Ver 1 producto' : `Ver ${formatCount(resultCount)} productos`}
        </Button>
      </div>
    </div>
  );
}
