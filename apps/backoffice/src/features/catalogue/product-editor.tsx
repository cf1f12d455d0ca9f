/**
 * One product's form, new or existing: its data and codes (checked as typed), list price and VAT,
 * stock's expected date and active flag, the categories of both trees, the volume tiers and the
 * special prices, with the rules' messages under their fields as the admin types. 'Guardar' sends
 * the version the form was read on: another person's save in between is a conflict the page says,
 * with 'Recargar' (the admin's edit is not saved, and the page says so). A sales rep reads it all
 * with no control that changes it.
 */
import {
  ADMIN_CATALOGUE_MESSAGES,
  type AdminCategory,
  type AdminProduct,
  type AdminProductResponse,
  MAX_PRODUCT_TIERS,
} from '@botica/api-client/admin';
import { formFailure } from '@botica/app-shell';
import { formatDate, LOW_STOCK_UNITS, stockStateOf } from '@botica/domain';
import { Button, ChoiceField, Link, NativeSelect, Switch, showToast, TextField } from '@botica/ui';
import { type FormEvent, type ReactNode, useEffect, useRef, useState } from 'react';
import { reportCallError } from '../../shared/errors.ts';
import { flatten, indentedName, treeName } from './category-tree.ts';
import { LeaveGuard } from './leave-guard.tsx';
import { PreviewButton, previewModel } from './preview.tsx';
import { SpecialPriceRows, TierRows } from './price-rows.tsx';
import {
  emptyValues,
  type FormProblems,
  formProblems,
  type ProductFormValues,
  productFields,
  readWhole,
  STOCK_LABELS,
  sameValues,
  VAT_RATES,
  valuesOf,
} from './product-form.ts';
import { ProductTrainingLinks } from './product-training-links.tsx';
import { SubstitutesEditor } from './substitutes-editor.tsx';

/** What the page does with a save: the server's answer, or the failure it threw. */
export type SaveProduct = (
  fields: ReturnType<typeof productFields>,
  version: number | null,
) => Promise<AdminProductResponse>;

export interface ProductEditorProps {
  /** The product as read, or null for a new one. */
  product: AdminProduct | null;
  isAdmin: boolean;
  trees: readonly AdminCategory[];
  groups: readonly { id: number; label: string }[];
  save: SaveProduct;
  /** Reads the product again from the server (after a conflict). */
  reload: () => Promise<AdminProduct>;
  /** After a save, once the form holds the server's answer. */
  onSaved?: (product: AdminProduct) => void;
}

/** The field a path's message goes under: `tiers.1.min_quantity` belongs to the tiers. */
function fieldOf(path: string): string {
  return path.split('.')[0] ?? path;
}

function Section({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section className="bo-catalogue__section" aria-labelledby={id}>
      <h2 id={id}>{title}</h2>
      {children}
    </section>
  );
}

export function ProductEditor({
  product,
  isAdmin,
  trees,
  groups,
  save,
  reload,
  onSaved,
}: ProductEditorProps) {
  const [current, setCurrent] = useState<AdminProduct | null>(product);
  const [baseline, setBaseline] = useState<ProductFormValues>(() =>
    product ? valuesOf(product) : emptyValues(),
  );
  const [values, setValues] = useState<ProductFormValues>(baseline);
  const [touched, setTouched] = useState<ReadonlySet<string>>(new Set());
  const [isSubmitted, setSubmitted] = useState(false);
  const [serverProblems, setServerProblems] = useState<FormProblems>({});
  const [formMessage, setFormMessage] = useState<string | null>(null);
  const [conflict, setConflict] = useState<string | null>(null);
  const [isSaving, setSaving] = useState(false);
  const [isReloading, setReloading] = useState(false);
  const form = useRef<HTMLFormElement>(null);
  const notice = useRef<HTMLDivElement>(null);
  const isReadOnly = !isAdmin;

  const problems = formProblems(values);
  const isDirty = isAdmin && !sameValues(values, baseline);
  // A field's message shows once it is changed (or the form sent); a new list price judges the
  // tiers and special prices again, so theirs show with it.
  const isShown = (field: string) =>
    isSubmitted ||
    touched.has(field) ||
    ((field === 'tiers' || field === 'special_prices') && touched.has('price'));
  const shown = (path: string): string | undefined =>
    serverProblems[path] ?? (isShown(fieldOf(path)) ? problems[path] : undefined);
  const shownProblems: FormProblems = {};
  for (const path of new Set([...Object.keys(problems), ...Object.keys(serverProblems)])) {
    const message = shown(path);
    if (message) shownProblems[path] = message;
  }

  // A conflict's notice takes the focus: the admin reads that the edit was not saved.
  useEffect(() => {
    if (conflict) notice.current?.focus();
  }, [conflict]);

  /** A field's new value; `path` is marked as changed, its messages shown (null: a row just added). */
  function change<K extends keyof ProductFormValues>(
    field: K,
    value: ProductFormValues[K],
    path: string | null,
  ) {
    setValues((before) => ({ ...before, [field]: value }));
    if (path === null) return;
    setTouched((before) => new Set(before).add(path));
    setFormMessage(null);
    setServerProblems((before) =>
      Object.fromEntries(Object.entries(before).filter(([key]) => fieldOf(key) !== path)),
    );
  }

  // The first field marked takes the focus, once the render that marks them is on screen.
  const [focusRequest, setFocusRequest] = useState(0);
  useEffect(() => {
    if (focusRequest > 0) form.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [focusRequest]);
  const focusFirstProblem = () => setFocusRequest((count) => count + 1);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (isReadOnly || isSaving) return;
    setSubmitted(true);
    if (Object.keys(problems).length > 0) {
      setFormMessage('Revisa los campos marcados: el producto no se ha guardado.');
      focusFirstProblem();
      return;
    }
    setSaving(true);
    try {
      const answer = await save(productFields(values), current ? current.version : null);
      const next = valuesOf(answer.data);
      setCurrent(answer.data);
      setBaseline(next);
      setValues(next);
      setTouched(new Set());
      setSubmitted(false);
      setServerProblems({});
      setFormMessage(null);
      showToast({ title: `${answer.data.name}: producto guardado`, tone: 'success' });
      onSaved?.(answer.data);
    } catch (error) {
      const failure = formFailure(error, (status) => status === 422 || status === 409);
      if (!failure) {
        reportCallError(error);
        return;
      }
      if (failure.fields && Object.keys(failure.fields).length > 0) {
        setServerProblems(failure.fields);
        setFormMessage('Revisa los campos marcados: el producto no se ha guardado.');
        focusFirstProblem();
      } else if (isConflict(error)) {
        setConflict(failure.message ?? ADMIN_CATALOGUE_MESSAGES.versionConflict);
      } else {
        setFormMessage(failure.message ?? 'El producto no se ha guardado.');
      }
    } finally {
      setSaving(false);
    }
  }

  async function reloadProduct() {
    setReloading(true);
    try {
      const fresh = await reload();
      const next = valuesOf(fresh);
      setCurrent(fresh);
      setBaseline(next);
      setValues(next);
      setTouched(new Set());
      setSubmitted(false);
      setServerProblems({});
      setFormMessage(null);
      setConflict(null);
      showToast({
        title: 'Producto recargado',
        description: 'Se muestran los datos guardados; tus cambios no se guardaron: vuelve a hacerlos.',
        tone: 'info',
      });
    } catch (error) {
      reportCallError(error);
    } finally {
      setReloading(false);
    }
  }

  // The state the typed units will show (what the preview and the pharmacies see once saved).
  const stockState = stockStateOf(readWhole(values.stockUnits) || 0);
  const preview = previewModel(values, problems, current?.image ?? null, current?.id ?? 'nuevo', stockState);

  return (
    <>
      <div className="bo-catalogue__actions">
        {current ? (
          <Link href={`/catalogue/products/${current.id}/pictures`} variant="standalone">
            Fotos
          </Link>
        ) : null}
        <PreviewButton model={preview} expectedDate={values.expectedDate} />
      </div>

      {conflict ? (
        <div
          className="bo-catalogue__notice bo-catalogue__notice--danger"
          role="alert"
          tabIndex={-1}
          ref={notice}
        >
          <p>
            <strong>{conflict}</strong>
          </p>
          <p>
            Tus cambios no se han guardado. Al recargar verás el producto como está ahora y tendrás que volver
            a hacer tus cambios.
          </p>
          <Button onPress={reloadProduct} isPending={isReloading}>
            Recargar
          </Button>
        </div>
      ) : null}

      {isReadOnly ? (
        <p className="bo-catalogue__notice">
          Solo lectura: los cambios del catálogo los hace un administrador.
        </p>
      ) : null}

      <form
        ref={form}
        className="bo-catalogue__form"
        onSubmit={submit}
        noValidate
        aria-label={current ? `Datos de ${current.name}` : 'Datos del nuevo producto'}
      >
        {formMessage ? (
          <p className="bo-catalogue__notice bo-catalogue__notice--danger" role="alert">
            {formMessage}
          </p>
        ) : null}

        <Section id="product-data" title="Datos">
          <div className="bo-catalogue__grid">
            <TextField
              label="Nombre"
              name="name"
              value={values.name}
              onChange={(value) => change('name', value, 'name')}
              isRequired
              isReadOnly={isReadOnly}
              isInvalid={shown('name') !== undefined}
              errorMessage={shown('name')}
              maxLength={200}
              className="bo-catalogue__wide"
            />
            <TextField
              label="Referencia"
              name="reference"
              value={values.reference}
              onChange={(value) => change('reference', value, 'reference')}
              isRequired
              isReadOnly={isReadOnly}
              isInvalid={shown('reference') !== undefined}
              errorMessage={shown('reference')}
              maxLength={50}
            />
            <TextField
              label="Código Nacional"
              name="national_code"
              description="6 cifras y el dígito de control, por ejemplo 123456.8."
              inputMode="numeric"
              value={values.nationalCode}
              onChange={(value) => change('nationalCode', value, 'national_code')}
              isReadOnly={isReadOnly}
              isInvalid={shown('national_code') !== undefined}
              errorMessage={shown('national_code')}
              maxLength={20}
            />
            <TextField
              label="EAN"
              name="ean"
              description="13 cifras."
              inputMode="numeric"
              value={values.ean}
              onChange={(value) => change('ean', value, 'ean')}
              isReadOnly={isReadOnly}
              isInvalid={shown('ean') !== undefined}
              errorMessage={shown('ean')}
              maxLength={20}
            />
            <TextField
              label="Formato"
              name="format"
              description="Por ejemplo, 60 cápsulas o 250 ml."
              value={values.format}
              onChange={(value) => change('format', value, 'format')}
              isReadOnly={isReadOnly}
              isInvalid={shown('format') !== undefined}
              errorMessage={shown('format')}
              maxLength={100}
            />
            <TextField
              label="Descripción"
              name="description"
              isMultiline
              rows={5}
              value={values.description}
              onChange={(value) => change('description', value, 'description')}
              isReadOnly={isReadOnly}
              isInvalid={shown('description') !== undefined}
              errorMessage={shown('description')}
              className="bo-catalogue__wide"
            />
          </div>
        </Section>

        <Section id="product-price" title="Precio, stock y estado">
          <div className="bo-catalogue__grid">
            <TextField
              label="Precio de tarifa (€, sin IVA)"
              name="price"
              description="Por ejemplo, 12,50."
              inputMode="decimal"
              value={values.price}
              onChange={(value) => change('price', value, 'price')}
              isRequired
              isReadOnly={isReadOnly}
              isInvalid={shown('price') !== undefined}
              errorMessage={shown('price')}
              maxLength={40}
            />
            <NativeSelect
              label="IVA"
              value={values.vatRate}
              onChange={(value) => change('vatRate', value, 'vat_rate')}
              disabled={isReadOnly}
              options={VAT_RATES.map((rate) => ({ id: rate, label: `${rate} %` }))}
            />
            <TextField
              label="Unidades en stock"
              name="stock_units"
              inputMode="numeric"
              description={`Las farmacias verán «${STOCK_LABELS[stockState]}» (menos de ${String(LOW_STOCK_UNITS)}: últimas unidades). El ERP las cambia al enviar sus existencias.`}
              value={values.stockUnits}
              onChange={(value) => change('stockUnits', value, 'stock_units')}
              isReadOnly={isReadOnly}
              isInvalid={shown('stock_units') !== undefined}
              errorMessage={shown('stock_units')}
              maxLength={9}
            />
            <TextField
              label="Reposición prevista"
              name="stock_expected_on"
              type="date"
              description={
                stockState === 'out_of_stock'
                  ? 'Las farmacias la ven mientras esté agotado.'
                  : 'Se muestra solo cuando el producto está agotado.'
              }
              value={values.expectedDate}
              onChange={(value) => change('expectedDate', value, 'stock_expected_on')}
              isReadOnly={isReadOnly}
              isInvalid={shown('stock_expected_on') !== undefined}
              errorMessage={shown('stock_expected_on')}
            />
            <Switch
              isSelected={values.isActive}
              onChange={(isActive) => change('isActive', isActive, 'is_active')}
              isReadOnly={isReadOnly}
              description={
                values.isActive
                  ? 'Las farmacias lo ven en el portal y pueden pedirlo.'
                  : 'No aparece en el portal; solo en el back office.'
              }
            >
              Activo
            </Switch>
          </div>
          {current ? (
            <p className="bo-catalogue__muted">
              Alta el {formatDate(current.created_at)} · Versión {current.version}
            </p>
          ) : null}
        </Section>

        <Section id="product-categories" title="Categorías">
          <div className="bo-catalogue__trees">
            {trees.map((root) => {
              const options = flatten(root).map((category) => ({
                id: category.id,
                label: indentedName(category),
              }));
              const inTree = new Set(options.map((option) => option.id));
              return (
                <ChoiceField
                  key={root.id}
                  selectionMode="multiple"
                  label={treeName(root.id)}
                  options={options}
                  value={values.categoryIds.filter((id) => inTree.has(id))}
                  onChange={(chosen) =>
                    change(
                      'categoryIds',
                      [...values.categoryIds.filter((id) => !inTree.has(id)), ...chosen],
                      'category_ids',
                    )
                  }
                  isDisabled={isReadOnly}
                />
              );
            })}
          </div>
          {shown('category_ids') ? (
            <p className="bo-catalogue__field-error">{shown('category_ids')}</p>
          ) : null}
        </Section>

        <TierRows
          rows={values.tiers}
          // A row just added is empty: its messages wait until it is typed in.
          onChange={(tiers) => change('tiers', tiers, tiers.length > values.tiers.length ? null : 'tiers')}
          problems={shownProblems}
          isReadOnly={isReadOnly}
          price={values.price}
          maxRows={MAX_PRODUCT_TIERS}
        />

        <SpecialPriceRows
          rows={values.specialPrices}
          onChange={(specialPrices) =>
            change(
              'specialPrices',
              specialPrices,
              specialPrices.length > values.specialPrices.length ? null : 'special_prices',
            )
          }
          problems={shownProblems}
          isReadOnly={isReadOnly}
          groups={groups}
        />

        {isReadOnly ? null : (
          <div className="bo-catalogue__save">
            <Button type="submit" isPending={isSaving} isDisabled={conflict !== null}>
              {current ? 'Guardar cambios' : 'Crear producto'}
            </Button>
            <span className="bo-catalogue__muted" aria-live="polite">
              {isDirty ? 'Hay cambios sin guardar.' : current ? 'Sin cambios.' : ''}
            </span>
          </div>
        )}
      </form>
      {current ? <ProductTrainingLinks productId={current.id} /> : null}
      {current ? <SubstitutesEditor productId={current.id} isAdmin={isAdmin} /> : null}
      <LeaveGuard isDirty={isDirty} />
    </>
  );
}

function isConflict(error: unknown): boolean {
  return typeof error === 'object' && error !== null && (error as { status?: unknown }).status === 409;
}
