import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { FilterGroup } from './filter-group.tsx';

describe('FilterGroup', () => {
  it('starts folded, is in the tab order, unfolds and names its group of options', async () => {
    const user = userEvent.setup();
    render(
      <FilterGroup title="Problema de salud">
        <input type="checkbox" aria-label="Tos" />
      </FilterGroup>,
    );
    expect(screen.getByRole('checkbox', { name: 'Tos' })).not.toBeVisible();
    await user.tab();
    const summary = document.querySelector('summary');
    expect(summary).toHaveFocus();
    await user.click(summary as HTMLElement);
    expect(screen.getByRole('group', { name: 'Problema de salud' })).toBeVisible();
    expect(screen.getByRole('checkbox', { name: 'Tos' })).toBeVisible();
  });

  it('says how many are selected, in its own words or in the default ones', () => {
    const { rerender } = render(
      <FilterGroup title="Problema de salud" selectedCount={1}>
        {null}
      </FilterGroup>,
    );
    expect(document.querySelector('summary')).toHaveTextContent('Problema de salud1 seleccionado');
    rerender(
      <FilterGroup title="Problema de salud" selectedCount={1200}>
        {null}
      </FilterGroup>,
    );
    expect(screen.getByText('1.200 seleccionados')).toBeInTheDocument();
    rerender(
      <FilterGroup title="Gama" selectedCount={2} countLabel={(count) => `${count} seleccionadas`}>
        {null}
      </FilterGroup>,
    );
    expect(screen.getByText('2 seleccionadas')).toBeInTheDocument();
  });

  it('reads defaultOpen once: a later change never folds it under the person', () => {
    const { container, rerender } = render(
      <FilterGroup title="Gama" defaultOpen>
        {null}
      </FilterGroup>,
    );
    const details = container.querySelector('details');
    expect(details).toHaveAttribute('open');
    rerender(
      <FilterGroup title="Gama" defaultOpen={false}>
        {null}
      </FilterGroup>,
    );
    expect(details).toHaveAttribute('open');
  });
});
