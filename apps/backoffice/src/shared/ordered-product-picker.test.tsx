import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { OrderedProductPicker, type ProductSearch } from './ordered-product-picker.tsx';

interface Product {
  id: number;
  name: string;
  reference: string;
}

const CATALOGUE: Product[] = [
  { id: 1, name: 'Ibuprofeno 400', reference: 'BT-001' },
  { id: 2, name: 'Ibuprofeno 600', reference: 'BT-002' },
  { id: 3, name: 'Paracetamol 1 g', reference: 'BT-003' },
];

const search = (overrides: Partial<ProductSearch<Product, { data: Product[] }, string[]>> = {}) => ({
  label: 'Buscar un producto para añadirlo',
  description: 'Por nombre o referencia.',
  query: (words: string) => ({
    queryKey: ['products', words],
    queryFn: async () => ({
      data: CATALOGUE.filter((product) => product.name.toLowerCase().includes(words.toLowerCase())),
    }),
  }),
  productsOf: (answer: { data: Product[] }) => answer.data,
  noMatch: (words: string) => `Ningún producto coincide con «${words}».`,
  ...overrides,
});

function Harness({
  initial,
  canChange = true,
  max = 5,
  overrides,
}: {
  initial: Product[];
  canChange?: boolean;
  max?: number;
  overrides?: Partial<ProductSearch<Product, { data: Product[] }, string[]>>;
}) {
  const [chosen, setChosen] = useState(initial);
  return (
    <OrderedProductPicker
      chosen={chosen}
      onChange={setChosen}
      canChange={canChange}
      max={max}
      describe={(product) => `${product.name} · ${product.reference}`}
      emptyText="Ninguno elegido."
      listLabel="Elegidos, en orden"
      search={search(overrides)}
    />
  );
}

function renderPicker(props: Parameters<typeof Harness>[0]) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={queryClient}>
      <Harness {...props} />
    </QueryClientProvider>,
  );
}

const chosenNames = () =>
  within(screen.getByRole('list', { name: 'Elegidos, en orden' }))
    .getAllByRole('listitem')
    .map((item) => item.textContent?.split(' · ')[0]);

const isDisabled = (element: HTMLElement) => (element as HTMLButtonElement).disabled;

describe('OrderedProductPicker', () => {
  it('shows a reader the list in its order, without buttons or search', () => {
    renderPicker({ initial: [CATALOGUE[2] as Product, CATALOGUE[0] as Product], canChange: false });
    expect(chosenNames()).toEqual(['Paracetamol 1 g', 'Ibuprofeno 400']);
    expect(screen.queryAllByRole('button')).toEqual([]);
    expect(screen.queryByRole('searchbox')).toBeNull();
  });

  it('adds found products at the end, moves them up and down and takes them out', async () => {
    const user = userEvent.setup();
    renderPicker({ initial: [CATALOGUE[2] as Product] });
    await user.type(screen.getByRole('searchbox', { name: 'Buscar un producto para añadirlo' }), 'ibu');
    const found = await screen.findByRole('list', { name: 'Productos encontrados' });
    await user.click(within(found).getByRole('button', { name: 'Añadir Ibuprofeno 600' }));
    expect(chosenNames()).toEqual(['Paracetamol 1 g', 'Ibuprofeno 600']);
    // Already chosen, it stays among the results, marked and not added twice.
    expect(isDisabled(within(found).getByRole('button', { name: 'Añadido Ibuprofeno 600' }))).toBe(true);

    expect(isDisabled(screen.getByRole('button', { name: 'Subir Paracetamol 1 g' }))).toBe(true);
    expect(isDisabled(screen.getByRole('button', { name: 'Bajar Ibuprofeno 600' }))).toBe(true);
    await user.click(screen.getByRole('button', { name: 'Subir Ibuprofeno 600' }));
    expect(chosenNames()).toEqual(['Ibuprofeno 600', 'Paracetamol 1 g']);
    await user.click(screen.getByRole('button', { name: 'Bajar Ibuprofeno 600' }));
    expect(chosenNames()).toEqual(['Paracetamol 1 g', 'Ibuprofeno 600']);

    await user.click(screen.getByRole('button', { name: 'Quitar Paracetamol 1 g' }));
    await user.click(screen.getByRole('button', { name: 'Quitar Ibuprofeno 600' }));
    expect(screen.getByText('Ninguno elegido.')).toBeTruthy();
    expect(isDisabled(within(found).getByRole('button', { name: 'Añadir Ibuprofeno 600' }))).toBe(false);
  });

  it('searches from two characters and says when nothing matches', async () => {
    const user = userEvent.setup();
    renderPicker({ initial: [] });
    const field = screen.getByRole('searchbox');
    await user.type(field, 'x');
    expect(screen.queryByRole('status')).toBeNull();
    await user.type(field, 'z');
    expect(await screen.findByText('Ningún producto coincide con «xz».')).toBeTruthy();
  });

  it('names what a result is added as', async () => {
    const user = userEvent.setup();
    renderPicker({ initial: [], overrides: { addedAs: 'como sustituto' } });
    await user.type(screen.getByRole('searchbox'), 'para');
    expect(await screen.findByRole('button', { name: 'Añadir Paracetamol 1 g como sustituto' })).toBeTruthy();
  });

  it('when full, keeps the search but adds nothing more', async () => {
    const user = userEvent.setup();
    renderPicker({ initial: [CATALOGUE[0] as Product], max: 1 });
    await user.type(screen.getByRole('searchbox'), 'para');
    const add = await screen.findByRole('button', { name: 'Añadir Paracetamol 1 g' });
    expect(isDisabled(add)).toBe(true);
  });

  it('when full with a word for it, closes the search and says why', async () => {
    const user = userEvent.setup();
    renderPicker({
      initial: [CATALOGUE[0] as Product],
      max: 1,
      overrides: { fullDescription: 'Ya hay 1: quita uno para añadir otro.' },
    });
    const field = screen.getByRole('searchbox', { name: 'Buscar un producto para añadirlo' });
    expect(isDisabled(field)).toBe(true);
    expect(field.getAttribute('aria-describedby')).toBeTruthy();
    expect(screen.getByText('Ya hay 1: quita uno para añadir otro.')).toBeTruthy();
    expect(screen.queryByText('Por nombre o referencia.')).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Quitar Ibuprofeno 400' }));
    await waitFor(() => expect(isDisabled(field)).toBe(false));
    expect(screen.getByText('Por nombre o referencia.')).toBeTruthy();
  });
});
