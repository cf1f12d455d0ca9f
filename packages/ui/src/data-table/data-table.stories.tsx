import { formatDate, formatEuros } from '@botica/domain';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import { Badge } from '../badge/badge.tsx';
import { DataTable, type DataTableColumn } from './data-table.tsx';

interface Invoice {
  id: string;
  number: string;
  date: string;
  totalCents: number;
  status: 'Pagada' | 'Pendiente';
}

const invoices: Invoice[] = [
  { id: 'a', number: 'FV-2025-00412', date: '2025-03-14', totalCents: 123456, status: 'Pagada' },
  { id: 'b', number: 'FV-2025-00388', date: '2025-02-27', totalCents: 48990, status: 'Pagada' },
  { id: 'c', number: 'FV-2025-00451', date: '2025-04-02', totalCents: 215075, status: 'Pendiente' },
  { id: 'd', number: 'FV-2025-00302', date: '2025-01-30', totalCents: 9950, status: 'Pagada' },
];

const columns: DataTableColumn<Invoice>[] = [
  { id: 'number', header: 'Factura', value: (row) => row.number, isRowHeader: true, isSortable: true },
  {
    id: 'date',
    header: 'Fecha',
    value: (row) => row.date,
    render: (row) => formatDate(row.date),
    isSortable: true,
  },
  {
    id: 'status',
    header: 'Estado',
    value: (row) => row.status,
    render: (row) => <Badge tone={row.status === 'Pagada' ? 'success' : 'warning'}>{row.status}</Badge>,
  },
  {
    id: 'total',
    header: 'Importe',
    value: (row) => row.totalCents,
    render: (row) => formatEuros(row.totalCents),
    isSortable: true,
    align: 'end',
  },
];

const meta = {
  title: 'Datos/DataTable',
  component: DataTable,
  tags: ['autodocs'],
  args: {
    'aria-label': 'Mis facturas',
    columns: columns as DataTableColumn<{ id: string }>[],
    rows: invoices,
  },
} satisfies Meta<typeof DataTable<{ id: string }>>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Sorting by a header: first ascending, then descending. */
export const Default: Story = {
  play: async ({ canvasElement }) => {
    const table = within(canvasElement).getByRole('grid', { name: 'Mis facturas' });
    await userEvent.click(within(table).getByRole('columnheader', { name: /Importe/ }));
    let rows = within(table).getAllByRole('row').slice(1);
    await expect(rows[0]).toHaveTextContent('99,50 €');
    await userEvent.click(within(table).getByRole('columnheader', { name: /Importe/ }));
    rows = within(table).getAllByRole('row').slice(1);
    await expect(rows[0]).toHaveTextContent('2.150,75 €');
    await expect(within(table).getByRole('columnheader', { name: /Importe/ })).toHaveAttribute(
      'aria-sort',
      'descending',
    );
  },
};

export const SortedByDate: Story = {
  args: { defaultSortDescriptor: { column: 'date', direction: 'descending' } },
};

/** Sorted by the server: the table reports the sort and shows the rows as given. */
export const ServerSorted: Story = {
  args: { sortDescriptor: { column: 'number', direction: 'ascending' }, onSortChange: fn() },
};

export const Empty: Story = { args: { rows: [], emptyMessage: 'No hay facturas en este periodo.' } };

export const Loading: Story = { args: { isLoading: true } };

export const ErrorState: Story = {
  args: { error: 'Servidor no disponible, intentelo más tarde', onRetry: fn() },
};

/** On a narrow screen each row becomes a card. */
export const Cards: Story = {
  globals: { viewport: { value: 'phone' } },
  decorators: [
    (Story) => (
      <div style={{ maxWidth: 360 }}>
        <Story />
      </div>
    ),
  ],
  play: async ({ canvasElement }) => {
    const cards = within(canvasElement).getByRole('list', { name: 'Mis facturas' });
    await expect(within(cards).getAllByRole('listitem')).toHaveLength(4);
    await expect(within(canvasElement).queryByRole('grid')).toBeNull();
  },
};
