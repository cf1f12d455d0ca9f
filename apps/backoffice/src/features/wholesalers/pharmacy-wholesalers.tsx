/**
 * A pharmacy's 'Mayoristas (transfer)': the wholesalers it may send transfer orders through, with its
 * customer number at each. An admin adds one from the laboratory's list (with the number, optional)
 * and takes one off; a sales rep reads.
 */
import type { PharmacyWholesaler } from '@botica/api-client/admin';
import { formFailure } from '@botica/app-shell';
import { Button, Form, Link, NativeSelect, showToast, TextField } from '@botica/ui';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { reportCallError } from '../../shared/errors.ts';
import { RemoveButton } from '../../shared/remove-button.tsx';
import {
  addPharmacyWholesalerMutation,
  pharmacyWholesalerList,
  removePharmacyWholesalerMutation,
  wholesalerList,
} from './queries.ts';
import { WHOLESALERS_PATH } from './routes.ts';
import './wholesalers.css';

export interface PharmacyWholesalersProps {
  pharmacy: { id: number; name: string };
  isAdmin: boolean;
}

function RemoveWholesaler({
  pharmacy,
  row,
}: {
  pharmacy: PharmacyWholesalersProps['pharmacy'];
  row: PharmacyWholesaler;
}) {
  const remove = useMutation(removePharmacyWholesalerMutation(useQueryClient(), String(pharmacy.id)));
  return (
    <RemoveButton
      label="Quitar"
      aria-label={`Quitar ${row.name}`}
      size="sm"
      title={`¿Quitar ${row.name}?`}
      confirmLabel="Quitar"
      onConfirm={() => remove.mutateAsync(row.wholesaler_id)}
      done={{ title: `${row.name} quitado de ${pharmacy.name}` }}
    >
      {pharmacy.name} no podrá enviar más pedidos como transfer a través de {row.name}. Los pedidos ya
      enviados no cambian.
    </RemoveButton>
  );
}

function AddForm({
  pharmacy,
  linked,
}: {
  pharmacy: PharmacyWholesalersProps['pharmacy'];
  linked: readonly number[];
}) {
  const all = useQuery(wholesalerList());
  const add = useMutation(addPharmacyWholesalerMutation(useQueryClient(), String(pharmacy.id)));
  const available = (all.data?.data ?? []).filter((row) => !linked.includes(row.id));
  const [chosen, setChosen] = useState('');
  const [customerNumber, setCustomerNumber] = useState('');
  const [failure, setFailure] = useState<{
    message?: string | undefined;
    fields: Record<string, string>;
  } | null>(null);
  const wholesalerId = available.some((row) => String(row.id) === chosen)
    ? chosen
    : String(available[0]?.id ?? '');
  if (all.isSuccess && available.length === 0)
    return <p className="bo-wholesalers__muted">Ya trabaja con todos los mayoristas del laboratorio.</p>;

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!wholesalerId) return;
    try {
      await add.mutateAsync({ wholesalerId: Number(wholesalerId), customerNumber: customerNumber.trim() });
      const name = available.find((row) => String(row.id) === wholesalerId)?.name ?? '';
      showToast({ title: `${name} añadido a ${pharmacy.name}`, tone: 'success' });
      setCustomerNumber('');
      setChosen('');
      setFailure(null);
    } catch (error) {
      const shown = formFailure(error);
      if (!shown) reportCallError(error);
      else setFailure({ message: shown.message, fields: shown.fields });
    }
  }

  return (
    <Form
      className="bo-wholesalers__add"
      aria-label={`Añadir un mayorista a ${pharmacy.name}`}
      onSubmit={submit}
      serverErrors={failure?.fields ?? null}
      errorMessage={failure?.message}
      validationBehavior="aria"
    >
      <NativeSelect
        label="Mayorista"
        name="wholesaler_id"
        options={available.map((row) => ({ id: String(row.id), label: `${row.name} (${row.code})` }))}
        value={wholesalerId}
        onChange={setChosen}
        disabled={!all.isSuccess}
      />
      <TextField
        label="Nº de cliente en el mayorista"
        name="customer_number"
        description="Opcional."
        value={customerNumber}
        onChange={setCustomerNumber}
        maxLength={40}
      />
      <div className="bo-wholesalers__actions">
        <Button type="submit" isPending={add.isPending} isDisabled={!wholesalerId}>
          Añadir mayorista
        </Button>
      </div>
    </Form>
  );
}

/** The pharmacy page's section of its wholesalers. */
export function PharmacyWholesalers({ pharmacy, isAdmin }: PharmacyWholesalersProps) {
  const list = useQuery(pharmacyWholesalerList(String(pharmacy.id)));
  const rows = list.data?.data ?? [];
  return (
    <section className="bo-pharmacies__section bo-wholesalers" aria-labelledby="pharmacy-wholesalers">
      <div className="bo-pharmacies__section-head">
        <h2 id="pharmacy-wholesalers">Mayoristas (transfer)</h2>
        <Link href={WHOLESALERS_PATH} variant="standalone">
          Ver todos los mayoristas
        </Link>
      </div>
      {list.isPending ? <p className="bo-wholesalers__muted">Cargando los mayoristas…</p> : null}
      {list.isSuccess && rows.length === 0 ? (
        <p className="bo-wholesalers__muted">
          No envía pedidos como transfer: todos sus pedidos van directos al laboratorio.
        </p>
      ) : null}
      {rows.length > 0 ? (
        <ul className="bo-wholesalers__list" aria-label={`Mayoristas de ${pharmacy.name}`}>
          {rows.map((row) => (
            <li key={row.wholesaler_id} className="bo-wholesalers__item">
              <div>
                <p className="bo-wholesalers__name">
                  {row.name} <span className="bo-wholesalers__muted">({row.code})</span>
                </p>
                <p className="bo-wholesalers__muted">
                  {row.customer_number ? `Nº de cliente ${row.customer_number}` : 'Sin nº de cliente'}
                </p>
              </div>
              {isAdmin ? <RemoveWholesaler pharmacy={pharmacy} row={row} /> : null}
            </li>
          ))}
        </ul>
      ) : null}
      {isAdmin && list.isSuccess ? (
        <AddForm pharmacy={pharmacy} linked={rows.map((row) => row.wholesaler_id)} />
      ) : null}
    </section>
  );
}
