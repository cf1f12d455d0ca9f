/**
 * The catalogue's filters (ranges, health problems, text and price): some forty react-aria controls,
 * in their own chunk. Wide screens show them with the results (the loader fetches the chunk with the
 * data); tablets and phones, where they start folded away, load it once the page is idle.
 */
import type { Category, PriceRange } from '@botica/api-client/schemas';
import { Button, Checkbox, NumberField, TextField } from '@botica/ui';
import type { FormEvent } from 'react';
import { type CatalogFilters, hasActiveFilters, parseCatalogFilters, withFilter } from './catalog-filters.ts';

function toggle(ids: readonly number[], id: number, isSelected: boolean): number[] {
  return isSelected ? [...new Set([...ids, id])].sort((a, b) => a - b) : ids.filter((other) => other !== id);
}

function CategoryFilter(props: {
  legend: string;
  options: Category[];
  selected: number[];
  onChange: (ids: number[]) => void;
}) {
  return (
    <fieldset className="catalog-filters__group">
      <legend className="catalog-filters__legend">{props.legend}</legend>
      {props.options.map((option) => (
        <Checkbox
          key={option.id}
          isSelected={props.selected.includes(option.id)}
          onChange={(isSelected) => props.onChange(toggle(props.selected, option.id, isSelected))}
        >
          {option.name} <span className="catalog-filters__count">({option.product_count})</span>
        </Checkbox>
      ))}
    </fieldset>
  );
}

export interface CatalogFilterPanelProps {
  filters: CatalogFilters;
  ranges: Category[];
  problems: Category[];
  priceRange: PriceRange;
  /** Goes to the catalogue with these filters. */
  apply: (next: CatalogFilters) => void;
}

export function CatalogFilterPanel({
  filters,
  ranges,
  problems,
  priceRange,
  apply,
}: CatalogFilterPanelProps) {
  const submitText = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const text = String(new FormData(event.currentTarget).get('q') ?? '').trim();
    apply(withFilter(filters, { text }));
  };
  return (
    <div className="catalog-filters__body">
      <form className="catalog-filters__group" onSubmit={submitText} key={filters.text}>
        <TextField name="q" label="Buscar en el catálogo" defaultValue={filters.text} type="search" />
        <Button type="submit" variant="secondary" size="sm">
          Aplicar
        </Button>
      </form>
      <CategoryFilter
        legend="Gama"
        options={ranges}
        selected={filters.ranges}
        onChange={(ids) => apply(withFilter(filters, { ranges: ids }))}
      />
      <CategoryFilter
        legend="Problema de salud"
        options={problems}
        selected={filters.problems}
        onChange={(ids) => apply(withFilter(filters, { problems: ids }))}
      />
      <fieldset className="catalog-filters__group catalog-filters__price">
        <legend className="catalog-filters__legend">Precio (€)</legend>
        <NumberField
          label="Desde"
          minValue={priceRange.min}
          maxValue={priceRange.max}
          value={filters.priceMin ?? Number.NaN}
          formatOptions={{ style: 'currency', currency: 'EUR' }}
          onChange={(value) => apply(withFilter(filters, { priceMin: Number.isNaN(value) ? null : value }))}
        />
        <NumberField
          label="Hasta"
          minValue={priceRange.min}
          maxValue={priceRange.max}
          value={filters.priceMax ?? Number.NaN}
          formatOptions={{ style: 'currency', currency: 'EUR' }}
          onChange={(value) => apply(withFilter(filters, { priceMax: Number.isNaN(value) ? null : value }))}
        />
      </fieldset>
      {hasActiveFilters(filters) ? (
        <Button variant="ghost" onPress={() => apply(parseCatalogFilters(new URLSearchParams()))}>
          Quitar filtros
        </Button>
      ) : null}
    </div>
  );
}
