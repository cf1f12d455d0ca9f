/**
 * The pharmacies a message is addressed to: found by name or CIF/NIF (the pharmacies' own search),
 * added one by one, shown as chips each with its remove button. None chosen: every pharmacy.
 */
import type { MessageTarget } from '@botica/api-client/admin';
import { Button } from '@botica/ui';
import { useQuery } from '@tanstack/react-query';
import { useDeferredValue, useId, useState } from 'react';
import { pharmacyList } from '../pharmacies/queries.ts';

export interface PharmacyPickerProps {
  chosen: readonly MessageTarget[];
  onChange: (chosen: MessageTarget[]) => void;
  /** Pharmacies it is also addressed to, outside the reader's zone (a sales rep's view). */
  otherCount?: number;
  isDisabled?: boolean;
}

export function PharmacyPicker({
  chosen,
  onChange,
  otherCount = 0,
  isDisabled = false,
}: PharmacyPickerProps) {
  const id = useId();
  const [q, setQ] = useState('');
  const words = useDeferredValue(q.trim());
  const found = useQuery({ ...pharmacyList({ q: words }), enabled: words.length >= 2 });
  const chosenIds = new Set(chosen.map((client) => client.id));
  const results = (found.data?.data ?? []).filter((client) => !chosenIds.has(client.id)).slice(0, 8);

  return (
    <fieldset className="bo-picker" disabled={isDisabled}>
      <legend className="bt-field__label">Destinatarios</legend>
      <p className="bo-content__muted" id={`${id}-help`}>
        {otherCount > 0
          ? `${chosen.length === 0 ? 'Solo' : `Las elegidas y`} ${otherCount === 1 ? '1 farmacia de otra zona' : `${otherCount} farmacias de otras zonas`}.`
          : chosen.length === 0
            ? 'Todas las farmacias. Añade farmacias para enviarlo solo a ellas.'
            : chosen.length === 1
              ? 'Solo la farmacia elegida.'
              : `Solo las ${chosen.length} farmacias elegidas.`}
      </p>
      {chosen.length > 0 ? (
        <ul className="bo-picker__chips" aria-label="Farmacias elegidas">
          {chosen.map((client) => (
            <li key={client.id} className="bo-picker__chip">
              <span>
                {client.name} <span className="bo-content__muted">{client.tax_id}</span>
              </span>
              <Button
                variant="ghost"
                size="sm"
                aria-label={`Quitar ${client.name}`}
                isDisabled={isDisabled}
                onPress={() => onChange(chosen.filter((other) => other.id !== client.id))}
              >
                ×
              </Button>
            </li>
          ))}
        </ul>
      ) : null}
      <label className="bt-field">
        <span className="bt-field__label">Buscar farmacia</span>
        <input
          className="bt-input"
          type="search"
          value={q}
          maxLength={100}
          aria-describedby={`${id}-search-help`}
          onChange={(event) => setQ(event.target.value)}
        />
        <span id={`${id}-search-help`} className="bo-content__muted">
          Nombre o CIF/NIF, al menos 2 caracteres.
        </span>
      </label>
      {words.length >= 2 ? (
        <div role="status" className="bo-picker__results">
          {found.isPending ? (
            <p className="bo-content__muted">Buscando…</p>
          ) : results.length === 0 ? (
            <p className="bo-content__muted">Ninguna farmacia coincide con «{words}».</p>
          ) : (
            <ul aria-label="Farmacias encontradas">
              {results.map((client) => (
                <li key={client.id}>
                  <span>
                    {client.name} <span className="bo-content__muted">{client.tax_id}</span>
                  </span>
                  <Button
                    variant="secondary"
                    size="sm"
                    aria-label={`Añadir ${client.name}`}
                    onPress={() =>
                      onChange([...chosen, { id: client.id, name: client.name, tax_id: client.tax_id }])
                    }
                  >
                    Añadir
                  </Button>
                </li>
              ))}
            </ul>
          )}
        </div>
      ) : null}
    </fieldset>
  );
}
