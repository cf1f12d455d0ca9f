/**
 * /backoffice/wholesalers: the laboratory's wholesalers, through which pharmacies send transfer
 * orders, with how many pharmacies work with each. An admin adds one (code and name) and removes one;
 * a sales rep reads.
 */
import type { Wholesaler } from '@botica/api-client/admin';
import { formFailure, queryClientOf, useDocumentTitle } from '@botica/app-shell';
import { Button, DataTable, type DataTableColumn, Form, Link, showToast, TextField } from '@botica/ui';
import { useMutation, useQueryClient, useSuspenseQuery } from '@tanstack/react-query';
import { useAtomValue } from 'jotai';
import { type FormEvent, useState } from 'react';
import type { LoaderFunctionArgs } from 'react-router';
import { reportCallError } from '../../shared/errors.ts';
import { RemoveButton } from '../../shared/remove-button.tsx';
import { userAtom } from '../auth/session.ts';
import { createWholesalerMutation, removeWholesalerMutation, wholesalerList } from './queries.ts';
import './wholesalers.css';

export async function loader({ context }: LoaderFunctionArgs) {
  return (await queryClientOf(context)).fetchQuery(wholesalerList());
}

function RemoveWholesaler({ row }: { row: Wholesaler }) {
  const remove = useMutation(removeWholesalerMutation(useQueryClient()));
  return (
    <RemoveButton
      label="Eliminar"
      aria-label={`Eliminar ${row.name}`}
      size="sm"
      title={`¿Eliminar ${row.name}?`}
      confirmLabel="Eliminar"
      onConfirm={() => remove.mutateAsync(row.id)}
      done={{ title: `${row.name} eliminado` }}
    >
      {row.pharmacies === 1
        ? 'La farmacia que trabaja con él dejará de poder enviarle pedidos como transfer.'
        : `Las ${row.pharmacies} farmacias que trabajan con él dejarán de poder enviarle pedidos como transfer.`}{' '}
      Los pedidos ya enviados no cambian.
    </RemoveButton>
  );
}

function AddWholesaler() {
  const create = useMutation(createWholesalerMutation(useQueryClient()));
  const [code, setCode] = useState('');
  const [name, setName] = useState('');
  const [failure, setFailure] = useState<{
    message?: string | undefined;
    fields: Record<string, string>;
  } | null>(null);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    try {
      const { data } = await create.mutateAsync({ code, name });
      showToast({ title: `${data.name} añadido`, tone: 'success' });
      setCode('');
      setName('');
      setFailure(null);
    } catch (error) {
      const shown = formFailure(error);
      if (!shown) reportCallError(error);
      else setFailure({ message: shown.message, fields: shown.fields });
    }
  }

  return (
    <section aria-labelledby="wholesaler-add">
      <h2 id="wholesaler-add">Añadir un mayorista</h2>
      <Form
        className="bo-wholesalers__add"
        onSubmit={submit}
        serverErrors={failure?.fields ?? null}
        errorMessage={failure?.message}
        validationBehavior="aria"
      >
        <TextField
          label="Código"
          name="code"
          value={code}
          onChange={setCode}
          description="Por ejemplo, COFARES."
        />
        <TextField label="Nombre" name="name" value={name} onChange={setName} />
        <div className="bo-wholesalers__actions">
          <Button type="submit" isPending={create.isPending}>
            Añadir
          </Button>
        </div>
      </Form>
    </section>
  );
}

export function Component() {
  useDocumentTitle('Mayoristas');
  const { data } = useSuspenseQuery(wholesalerList());
  const isAdmin = useAtomValue(userAtom)?.role === 'admin';
  const columns: DataTableColumn<Wholesaler>[] = [
    { id: 'name', header: 'Mayorista', value: (row) => row.name, isRowHeader: true },
    { id: 'code', header: 'Código', value: (row) => row.code },
    { id: 'pharmacies', header: 'Farmacias', value: (row) => row.pharmacies, align: 'end' },
    ...(isAdmin
      ? [
          {
            id: 'actions',
            header: 'Acciones',
            value: () => '',
            render: (row: Wholesaler) => <RemoveWholesaler row={row} />,
          },
        ]
      : []),
  ];
  return (
    <article className="bo-wholesalers__page" aria-labelledby="wholesalers-title">
      <p>
        <Link href="/pharmacies" variant="standalone">
          Volver a las farmacias
        </Link>
      </p>
      <h1 id="wholesalers-title">Mayoristas</h1>
      <p className="bo-wholesalers__muted">
        Las farmacias pueden enviar sus pedidos como transfer a través de los mayoristas con los que trabajan.
        Se asignan en la página de cada farmacia.
      </p>
      <DataTable
        aria-label="Mayoristas del laboratorio"
        columns={columns}
        rows={data.data}
        emptyMessage="No hay mayoristas."
      />
      {isAdmin ? <AddWholesaler /> : null}
    </article>
  );
}
