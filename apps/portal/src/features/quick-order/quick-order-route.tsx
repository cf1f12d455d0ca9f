/**
 * /pedido-rapido ('Pedido rápido'): a grid of codes and quantities, typed from a list written during
 * the day, pasted from a spreadsheet, uploaded as a CSV or scanned from the boxes on the counter. Each
 * code shows its product as soon as the lookup recognises it, or why it cannot be ordered; 'Añadir
 * todo a mi pedido' adds every recognised line to the cart in one save, the same product's lines
 * together, and the lines left out stay in the grid with their reasons.
 */
import type { ProductSummary } from '@botica/api-client/schemas';
import { focusPageHeadingIfLost, queryClientOf, useDocumentTitle } from '@botica/app-shell';
import { formatCount, parseCodeList, unitWord } from '@botica/domain';
import {
  Button,
  Link,
  MinimumOrderNotice,
  MonthlyCapNotice,
  Price,
  productPrices,
  StockBadge,
  showToast,
} from '@botica/ui';
import { useAtom, useAtomValue, useSetAtom } from 'jotai';
import { type ClipboardEvent, type KeyboardEvent, useEffect, useId, useRef, useState } from 'react';
import { type LoaderFunctionArgs, useNavigate } from 'react-router';
import { PORTAL_PATHS } from '../../shared/navigation.ts';
import { analytics } from '../analytics/analytics-instance.ts';
import { guard } from '../auth/session.ts';
import { addLinesToCartAtom, cartTotalsAtom } from '../cart/cart.atoms.ts';
import { ensureCartLoaded } from '../cart/cart-loading.ts';
import { useOrderRules } from '../cart/order-rules.tsx';
import {
  LOOKUP_PAUSE_MS,
  lookUpCodesAtom,
  lookupAnswersAtom,
  lookupFailedAtom,
  quickGridAtom,
} from './quick-order.atoms.ts';
import {
  insertRows,
  type LineStatus,
  leftOver,
  lineStatus,
  nextLine,
  orderOf,
  removeLine,
  setCode,
  setQuantity,
} from './quick-order-grid.ts';
import { QuickOrderScannerSlot } from './quick-order-scanner-slot.tsx';
import './quick-order.css';

/** The quick order adds to the cart: the cart is loaded first, as on the cart page. */
export async function loader({ request, context }: LoaderFunctionArgs): Promise<null> {
  await guard(request, { requireClient: true });
  await ensureCartLoaded(await queryClientOf(context));
  return null;
}

/** Text pasted into a code field that holds more than one code: lines, or a code and its quantity. */
function isList(text: string): boolean {
  return /[\t\r\n;,]/.test(text.trim());
}

/** A CSV as Excel writes it in Spain (Windows-1252) or as UTF-8. */
async function readText(file: File): Promise<string> {
  const bytes = await file.arrayBuffer();
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return new TextDecoder('windows-1252').decode(bytes);
  }
}

function unitCents(product: ProductSummary): number {
  return productPrices(product).amountCents;
}

function lineNumbers(numbers: readonly number[]): string {
  if (numbers.length === 1) return `la línea ${numbers[0]}`;
  return `las líneas ${numbers.slice(0, -1).join(', ')} y ${numbers[numbers.length - 1]}`;
}

function products(count: number): string {
  return `${formatCount(count)} ${count === 1 ? 'producto' : 'productos'}`;
}

/** A line's quantity: digits only, kept as typed until it leaves the field. */
function QuantityCell({
  value,
  label,
  onChange,
  onEnter,
}: {
  value: number;
  label: string;
  onChange: (quantity: number) => void;
  onEnter: () => void;
}) {
  const [draft, setDraft] = useState<string | null>(null);
  return (
    <input
      className="quick-order__input quick-order__quantity"
      type="text"
      inputMode="numeric"
      autoComplete="off"
      aria-label={label}
      value={draft ?? String(value)}
      onChange={(event) => {
        const text = event.target.value.replace(/\D/g, '').slice(0, 4);
        setDraft(text);
        if (text !== '') onChange(Number(text));
      }}
      onBlur={() => setDraft(null)}
      onKeyDown={(event) => {
        if (event.key !== 'Enter') return;
        event.preventDefault();
        setDraft(null);
        onEnter();
      }}
    />
  );
}

function ProductCell({ status, quantity }: { status: LineStatus; quantity: number }) {
  if (status.kind === 'empty') return <div className="quick-order__product" />;
  if (status.kind === 'looking') {
    return <div className="quick-order__product quick-order__product--muted">Buscando…</div>;
  }
  if (status.kind === 'problem') {
    return <div className="quick-order__product quick-order__product--problem">{status.message}</div>;
  }
  const { product } = status;
  const prices = productPrices(product);
  return (
    <div className="quick-order__product">
      <span className="quick-order__name">{product.name}</span>
      <span className="quick-order__meta">
        {product.reference} · {product.format}
      </span>
      <span className="quick-order__figures">
        <Price size="sm" amountCents={prices.amountCents} originalCents={prices.originalCents} suffix="/ud" />
        <span className="bt-visually-hidden">. Total de la línea: </span>
        <Price size="sm" amountCents={prices.amountCents * quantity} className="quick-order__line-total" />
        <StockBadge stock={product.stock} />
      </span>
    </div>
  );
}

export function Component() {
  useDocumentTitle('Pedido rápido');
  const [grid, setGrid] = useAtom(quickGridAtom);
  const answers = useAtomValue(lookupAnswersAtom);
  const lookupFailed = useAtomValue(lookupFailedAtom);
  const lookUp = useSetAtom(lookUpCodesAtom);
  const addLines = useSetAtom(addLinesToCartAtom);
  const cartTotals = useAtomValue(cartTotalsAtom);
  const rules = useOrderRules();
  const navigate = useNavigate();
  const [focusKey, setFocusKey] = useState<number | null>(null);
  const [isAdding, setAdding] = useState(false);
  const [outcome, setOutcome] = useState('');
  const codeFields = useRef(new Map<number, HTMLInputElement>());
  const fileField = useRef<HTMLInputElement>(null);
  const problemsId = useId();

  useEffect(() => {
    const timer = setTimeout(() => void lookUp(), LOOKUP_PAUSE_MS);
    return () => clearTimeout(timer);
  }, [grid, lookUp]);

  useEffect(() => {
    if (focusKey === null) return;
    codeFields.current.get(focusKey)?.focus();
    setFocusKey(null);
  }, [focusKey]);

  const order = orderOf(grid, answers);
  const orderCents = order.lines.reduce((sum, line) => sum + unitCents(line.product) * line.quantity, 0);
  const units = order.lines.reduce((sum, line) => sum + line.quantity, 0);
  const merged = order.lines.filter((line) => line.lineNumbers.length > 1);
  const projectedCents = cartTotals.priceCents + orderCents;

  function goToNextLine(key: number) {
    const next = nextLine(grid, key);
    setGrid(next.grid);
    setFocusKey(next.key);
  }

  function paste(event: ClipboardEvent<HTMLInputElement>, key: number) {
    const text = event.clipboardData.getData('text/plain');
    if (!isList(text)) return;
    const rows = parseCodeList(text);
    if (rows.length === 0) return;
    event.preventDefault();
    const inserted = insertRows(grid, rows, key);
    setGrid(inserted.grid);
    setOutcome(`${formatCount(rows.length)} ${rows.length === 1 ? 'línea pegada' : 'líneas pegadas'}.`);
    if (inserted.key !== undefined) setFocusKey(inserted.key);
  }

  async function upload(file: File) {
    const rows = parseCodeList(await readText(file));
    if (rows.length === 0) {
      setOutcome(`El fichero ${file.name} no tiene ningún código.`);
      return;
    }
    setGrid((current) => insertRows(current, rows).grid);
    setOutcome(
      `${formatCount(rows.length)} ${rows.length === 1 ? 'línea leída' : 'líneas leídas'} de ${file.name}.`,
    );
  }

  async function addAll() {
    if (order.lines.length === 0 || isAdding) return;
    setAdding(true);
    setOutcome('');
    const lines = order.lines.map((line) => ({ product: line.product, quantity: line.quantity }));
    const saved = await addLines(lines);
    setAdding(false);
    const added = `${products(order.lines.length)} (${formatCount(units)} ${unitWord(units)})`;
    if (saved === 'failed') {
      setOutcome('No hemos añadido nada a tu pedido: la lista sigue como la escribiste.');
      return;
    }
    if (saved === 'pending') {
      // The lines wait in the cart's queue and are saved after the next login: the list lets them go,
      // so that pressing the button again after logging in cannot add them twice.
      setGrid(leftOver(grid, order.problems));
      setOutcome(`Tu sesión ha terminado: añadiremos ${added} a tu pedido cuando vuelvas a entrar.`);
      return;
    }
    analytics.ecommerce('add_to_cart', lines);
    if (order.problems.length === 0) {
      setGrid(leftOver(grid, []));
      showToast({ title: `Hemos añadido ${added} a tu pedido`, tone: 'success' });
      void navigate(PORTAL_PATHS.cart);
      return;
    }
    setGrid(leftOver(grid, order.problems));
    setOutcome(
      `Hemos añadido ${added} a tu pedido. En la lista quedan ${formatCount(order.problems.length)} ${
        order.problems.length === 1 ? 'línea que no se puede pedir' : 'líneas que no se pueden pedir'
      }.`,
    );
    requestAnimationFrame(focusPageHeadingIfLost);
  }

  return (
    <div className="quick-order">
      <h1 className="quick-order__title">Pedido rápido</h1>
      <p className="quick-order__intro">
        Escribe o escanea la referencia, el código nacional o el EAN de cada producto, con sus unidades.
        También puedes pegar dos columnas de una hoja de cálculo (código y cantidad) o subir un CSV.
      </p>
      <p className="quick-order__intro">
        ¿Pides casi siempre lo mismo? En <Link href="/mis-habituales">Mis habituales</Link> tienes los
        productos que más pide tu farmacia, con la última cantidad, para añadirlos de un toque.
      </p>
      <div className="quick-order__toolbar">
        <Button variant="secondary" onPress={() => fileField.current?.click()}>
          Subir CSV
        </Button>
        <input
          ref={fileField}
          type="file"
          accept=".csv,.txt,text/csv,text/plain"
          className="bt-visually-hidden"
          tabIndex={-1}
          aria-hidden="true"
          onChange={(event) => {
            const file = event.target.files?.[0];
            event.target.value = '';
            if (file) void upload(file);
          }}
        />
        <QuickOrderScannerSlot />
        <Button
          variant="ghost"
          isDisabled={grid.lines.every((line) => line.code.trim() === '')}
          onPress={() => {
            setGrid(leftOver(grid, []));
            setOutcome('Lista vaciada.');
          }}
        >
          Vaciar la lista
        </Button>
      </div>

      <div className="quick-order__grid">
        <div className="quick-order__head" aria-hidden="true">
          <span>#</span>
          <span>Código</span>
          <span>Cantidad</span>
          <span>Producto</span>
          <span />
        </div>
        <ol className="quick-order__lines">
          {grid.lines.map((line, index) => {
            const status = lineStatus(line, answers);
            const number = index + 1;
            return (
              <li key={line.key} className="quick-order__line" data-status={status.kind}>
                <span className="quick-order__number" aria-hidden="true">
                  {number}
                </span>
                <input
                  ref={(element) => {
                    if (element) codeFields.current.set(line.key, element);
                    else codeFields.current.delete(line.key);
                  }}
                  className="quick-order__input quick-order__code"
                  type="text"
                  autoComplete="off"
                  spellCheck={false}
                  maxLength={40}
                  aria-label={`Código de la línea ${number}`}
                  aria-invalid={status.kind === 'problem' ? true : undefined}
                  value={line.code}
                  onChange={(event) => setGrid(setCode(grid, line.key, event.target.value))}
                  onPaste={(event) => paste(event, line.key)}
                  onKeyDown={(event: KeyboardEvent<HTMLInputElement>) => {
                    if (event.key !== 'Enter') return;
                    event.preventDefault();
                    goToNextLine(line.key);
                  }}
                />
                <QuantityCell
                  value={line.quantity}
                  label={`Cantidad de la línea ${number}`}
                  onChange={(quantity) => setGrid((current) => setQuantity(current, line.key, quantity))}
                  onEnter={() => goToNextLine(line.key)}
                />
                <ProductCell status={status} quantity={line.quantity} />
                <button
                  type="button"
                  className="quick-order__remove"
                  aria-label={`Quitar la línea ${number}`}
                  onClick={() => {
                    const following = grid.lines[index + 1] ?? grid.lines[index - 1];
                    setGrid(removeLine(grid, line.key));
                    if (following) setFocusKey(following.key);
                    else requestAnimationFrame(focusPageHeadingIfLost);
                  }}
                >
                  <span aria-hidden="true">×</span>
                </button>
              </li>
            );
          })}
        </ol>
        <Button variant="ghost" onPress={() => goToNextLine(grid.lines[grid.lines.length - 1]?.key ?? 0)}>
          Añadir línea
        </Button>
      </div>

      {lookupFailed ? (
        <div className="quick-order__notice quick-order__notice--problem" role="alert">
          No hemos podido comprobar los códigos.{' '}
          <Button variant="secondary" size="sm" onPress={() => void lookUp()}>
            Reintentar
          </Button>
        </div>
      ) : null}

      {order.problems.length > 0 ? (
        <section className="quick-order__notice quick-order__notice--problem" aria-labelledby={problemsId}>
          <h2 id={problemsId} className="quick-order__notice-title">
            {order.problems.length === 1
              ? '1 línea no se puede pedir'
              : `${formatCount(order.problems.length)} líneas no se pueden pedir`}
          </h2>
          <ul className="quick-order__notice-list">
            {order.problems.map((problem) => (
              <li key={problem.key}>
                Línea {problem.lineNumber}
                {problem.code.trim() === '' ? '' : ` (${problem.code.trim()})`}: {problem.message}
              </li>
            ))}
          </ul>
        </section>
      ) : null}

      {merged.length > 0 ? (
        <section className="quick-order__notice" aria-label="Productos repetidos">
          <ul className="quick-order__notice-list">
            {merged.map((line) => (
              <li key={line.product.id}>
                «{line.product.name}» está en {lineNumbers(line.lineNumbers)}: se añade una vez, con{' '}
                {formatCount(line.quantity)} {unitWord(line.quantity)}.
              </li>
            ))}
          </ul>
        </section>
      ) : null}

      <div className="quick-order__summary">
        <p className="quick-order__total" role="status">
          {order.lines.length === 0
            ? 'Todavía no hay productos reconocidos.'
            : `${products(order.lines.length)}, ${formatCount(units)} ${unitWord(units)}`}
          {order.pending > 0 ? ` (comprobando ${formatCount(order.pending)})` : ''}
          {order.lines.length > 0 ? (
            <>
              {': '}
              <Price amountCents={orderCents} suffix="IVA no incluido" />
            </>
          ) : null}
        </p>
        {rules.orderMinimumAmountCents !== undefined ? (
          <MinimumOrderNotice
            orderMinimumAmountCents={rules.orderMinimumAmountCents}
            cartPriceCents={projectedCents}
            monthlyCap={rules.monthlyCap}
            contact={rules.contact}
          />
        ) : rules.monthlyCap !== undefined ? (
          <MonthlyCapNotice
            monthlyCap={rules.monthlyCap}
            orderMinimumAmountCents={0}
            cartPriceCents={projectedCents}
            contact={rules.contact}
          />
        ) : null}
        <Button
          variant="primary"
          isDisabled={order.lines.length === 0 || order.pending > 0}
          isPending={isAdding}
          onPress={() => void addAll()}
        >
          Añadir todo a mi pedido
        </Button>
        <p className="quick-order__outcome" role="status">
          {outcome}
        </p>
      </div>
    </div>
  );
}
