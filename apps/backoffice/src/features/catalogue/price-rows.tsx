/**
 * The product form's rows of prices: the volume tiers (from a quantity, a discount on the list
 * price, the unit price it gives shown beside it) and the discount groups' special prices. Rows are
 * added and removed; each field's message is the rules' own, shown as the admin types.
 */
import { formatEuros, parsePrice, tierUnitCents } from '@botica/domain';
import { Button, NativeSelect, TextField } from '@botica/ui';
import {
  type FormProblems,
  readDecimal,
  readWhole,
  rowKey,
  type SpecialPriceRow,
  type TierRow,
} from './product-form.ts';

interface RowsProps<Row> {
  rows: Row[];
  onChange: (rows: Row[]) => void;
  problems: FormProblems;
  isReadOnly: boolean;
}

function replaceAt<Row>(rows: Row[], index: number, row: Row): Row[] {
  return rows.map((candidate, at) => (at === index ? row : candidate));
}

/** The unit price a tier gives at the typed list price, or '' while either does not read. */
function tierPriceText(price: string, tier: TierRow): string {
  const listCents = parsePrice(price);
  const percent = readDecimal(tier.discountPercent);
  if (listCents === null || Number.isNaN(percent) || percent <= 0 || percent >= 100) return '—';
  return formatEuros(tierUnitCents(listCents, percent));
}

/** The volume tiers: 'Añadir tramo', and per row its quantity, discount, unit price and 'Quitar'. */
export function TierRows({
  rows,
  onChange,
  problems,
  isReadOnly,
  price,
  maxRows,
}: RowsProps<TierRow> & { price: string; maxRows: number }) {
  return (
    <fieldset className="bo-catalogue__rows" aria-describedby="tiers-help">
      <legend>Precios por volumen</legend>
      <p id="tiers-help" className="bo-catalogue__muted">
        Cada tramo descuenta un porcentaje del precio de tarifa a partir de una cantidad, y debe bajar el
        precio unitario del anterior.
      </p>
      {rows.length === 0 ? <p>Sin tramos: el producto se vende siempre al mismo precio.</p> : null}
      <ol className="bo-catalogue__row-list">
        {rows.map((row, index) => {
          const at = `tiers.${String(index)}`;
          const number = String(index + 1);
          return (
            <li key={row.key} className="bo-catalogue__row" aria-label={`Tramo ${number}`}>
              <TextField
                label={`Desde (uds), tramo ${number}`}
                name={`${at}.min_quantity`}
                inputMode="numeric"
                value={row.minQuantity}
                onChange={(minQuantity) => onChange(replaceAt(rows, index, { ...row, minQuantity }))}
                isReadOnly={isReadOnly}
                isInvalid={problems[`${at}.min_quantity`] !== undefined}
                errorMessage={problems[`${at}.min_quantity`]}
              />
              <TextField
                label={`Descuento (%), tramo ${number}`}
                name={`${at}.discount_percent`}
                inputMode="decimal"
                value={row.discountPercent}
                onChange={(discountPercent) => onChange(replaceAt(rows, index, { ...row, discountPercent }))}
                isReadOnly={isReadOnly}
                isInvalid={problems[`${at}.discount_percent`] !== undefined}
                errorMessage={problems[`${at}.discount_percent`]}
              />
              <p className="bo-catalogue__row-result">
                <span className="bo-catalogue__muted">Precio unitario</span>
                <span>{tierPriceText(price, row)}</span>
              </p>
              {isReadOnly ? null : (
                <Button
                  variant="ghost"
                  size="sm"
                  onPress={() => onChange(rows.filter((candidate) => candidate !== row))}
                  aria-label={`Quitar el tramo ${number}`}
                >
                  Quitar
                </Button>
              )}
            </li>
          );
        })}
      </ol>
      {problems.tiers ? <p className="bo-catalogue__field-error">{problems.tiers}</p> : null}
      {isReadOnly || rows.length >= maxRows ? null : (
        <Button
          variant="secondary"
          size="sm"
          onPress={() => {
            const last = rows.at(-1);
            const next = last ? readWhole(last.minQuantity) * 2 : 6;
            onChange([
              ...rows,
              {
                key: rowKey(),
                minQuantity: Number.isNaN(next) ? '' : String(next),
                discountPercent: '',
              },
            ]);
          }}
        >
          Añadir tramo
        </Button>
      )}
    </fieldset>
  );
}

/** The special prices of the discount groups: the group, its price, and 'Quitar'. */
export function SpecialPriceRows({
  rows,
  onChange,
  problems,
  isReadOnly,
  groups,
}: RowsProps<SpecialPriceRow> & { groups: readonly { id: number; label: string }[] }) {
  return (
    <fieldset className="bo-catalogue__rows">
      <legend>Precios especiales por grupo de descuento</legend>
      {rows.length === 0 ? <p>Ningún grupo tiene un precio especial.</p> : null}
      <ol className="bo-catalogue__row-list">
        {rows.map((row, index) => {
          const at = `special_prices.${String(index)}`;
          const number = String(index + 1);
          const groupProblem = problems[`${at}.discount_group_id`];
          return (
            <li key={row.key} className="bo-catalogue__row" aria-label={`Precio especial ${number}`}>
              <div>
                <NativeSelect
                  label={`Grupo, precio especial ${number}`}
                  value={row.discountGroupId}
                  onChange={(discountGroupId) =>
                    onChange(replaceAt(rows, index, { ...row, discountGroupId }))
                  }
                  disabled={isReadOnly}
                  aria-invalid={groupProblem !== undefined}
                  aria-describedby={groupProblem ? `${row.key}-group-error` : undefined}
                  options={[
                    { id: '', label: 'Elige un grupo' },
                    ...groups.map((group) => ({ id: String(group.id), label: group.label })),
                  ]}
                />
                {groupProblem ? (
                  <p id={`${row.key}-group-error`} className="bo-catalogue__field-error">
                    {groupProblem}
                  </p>
                ) : null}
              </div>
              <TextField
                label={`Precio (€), precio especial ${number}`}
                name={`${at}.price`}
                inputMode="decimal"
                value={row.price}
                onChange={(price) => onChange(replaceAt(rows, index, { ...row, price }))}
                isReadOnly={isReadOnly}
                isInvalid={problems[`${at}.price`] !== undefined}
                errorMessage={problems[`${at}.price`]}
              />
              {isReadOnly ? null : (
                <Button
                  variant="ghost"
                  size="sm"
                  onPress={() => onChange(rows.filter((candidate) => candidate !== row))}
                  aria-label={`Quitar el precio especial ${number}`}
                >
                  Quitar
                </Button>
              )}
            </li>
          );
        })}
      </ol>
      {isReadOnly ? null : (
        <Button
          variant="secondary"
          size="sm"
          onPress={() => onChange([...rows, { key: rowKey(), discountGroupId: '', price: '' }])}
        >
          Añadir precio especial
        </Button>
      )}
    </fieldset>
  );
}
