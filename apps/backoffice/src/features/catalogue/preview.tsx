/**
 * 'Vista previa': the product as the portal shows it, with the form's values before they are saved,
 * at the list price (no pharmacy's conditions): its card in the catalogue and its page's prices,
 * stock and volume table. Values the rules refuse do not reach it (a price that does not read
 * shows none; a refused tier is left out and named).
 */
import { formatDate, formatPercent, parsePrice, volumePriceTable } from '@botica/domain';
import {
  Button,
  Dialog,
  Price,
  type Product,
  ProductCard,
  ProductImage,
  type ProductImageSet,
  StockBadge,
  VolumeRulesTable,
} from '@botica/ui';
import { useState } from 'react';
import {
  type FormProblems,
  type ProductFormValues,
  readDecimal,
  readWhole,
  type StockState,
} from './product-form.ts';

/** What the preview shows of the form: the product as the portal's components take it. */
export interface PreviewModel {
  product: Product;
  description: string;
  vatRate: number;
  listCents: number | null;
  tiers: { minQuantity: number; discountPercent: number }[];
  /** How many tiers the rules refuse (left out of the table). */
  refusedTiers: number;
}

/** The preview of `values`, the form's `problems` deciding which tiers and price may show. */
export function previewModel(
  values: ProductFormValues,
  problems: FormProblems,
  image: ProductImageSet | null,
  id: number | string,
  stock: StockState,
): PreviewModel {
  const listCents = problems.price === undefined ? parsePrice(values.price) : null;
  const tiers = values.tiers
    .map((tier, index) => ({
      minQuantity: readWhole(tier.minQuantity),
      discountPercent: readDecimal(tier.discountPercent),
      isRefused:
        problems[`tiers.${String(index)}.min_quantity`] !== undefined ||
        problems[`tiers.${String(index)}.discount_percent`] !== undefined,
    }))
    .filter((tier) => !Number.isNaN(tier.minQuantity) && !Number.isNaN(tier.discountPercent));
  const shown = tiers.filter((tier) => !tier.isRefused);
  return {
    product: {
      id,
      name: values.name.trim() || 'Sin nombre',
      reference: values.reference.trim() || '—',
      format: values.format.trim() || null,
      price: listCents === null ? 0 : listCents / 100,
      final_price: null,
      image,
      stock,
    },
    description: values.description.trim(),
    vatRate: Number(values.vatRate),
    listCents,
    tiers: shown.map(({ minQuantity, discountPercent }) => ({ minQuantity, discountPercent })),
    refusedTiers: values.tiers.length - shown.length,
  };
}

function PreviewBody({ model, expectedDate }: { model: PreviewModel; expectedDate: string }) {
  const { product, listCents } = model;
  const pricing =
    listCents === null ? null : volumePriceTable({ listCents, baseCents: listCents }, model.tiers);
  return (
    // Focusable, so the keyboard scrolls the dialog's body through a preview with no control in it.
    // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region reached by the keyboard
    <section className="bo-catalogue__preview" aria-label="Producto con los cambios" tabIndex={0}>
      <section aria-labelledby="preview-card" className="bo-catalogue__preview-card">
        <h3 id="preview-card">En el catálogo</h3>
        {listCents === null ? (
          <p className="bo-catalogue__muted">El precio no es válido: la tarjeta se mostrará al corregirlo.</p>
        ) : (
          <ProductCard product={product} headingLevel={4} imageLoading="eager" />
        )}
      </section>
      <section aria-labelledby="preview-page" className="bo-catalogue__preview-page">
        <h3 id="preview-page">En la ficha del producto</h3>
        <div className="bo-catalogue__preview-layout">
          <ProductImage image={product.image} size="full" alt={product.name} loading="eager" />
          <div className="bo-catalogue__preview-details">
            <p className="bo-catalogue__muted">Ref. {product.reference}</p>
            <p className="bo-catalogue__preview-name">{product.name}</p>
            {product.format ? <p>{product.format}</p> : null}
            {listCents === null ? (
              <p className="bo-catalogue__muted">Sin precio válido.</p>
            ) : (
              <p className="bo-catalogue__preview-price">
                <Price amountCents={listCents} size="xl" />{' '}
                <span className="bo-catalogue__muted">+ {formatPercent(model.vatRate)} IVA</span>
              </p>
            )}
            <p>
              <StockBadge stock={product.stock} />
              {product.stock === 'out_of_stock' && expectedDate ? (
                <span className="bo-catalogue__muted"> Reposición prevista: {formatDate(expectedDate)}</span>
              ) : null}
            </p>
            {pricing && model.tiers.length > 0 ? <VolumeRulesTable pricing={pricing} /> : null}
            {model.refusedTiers > 0 ? (
              <p className="bo-catalogue__muted">
                {model.refusedTiers === 1
                  ? 'Un tramo con errores no se muestra.'
                  : `${String(model.refusedTiers)} tramos con errores no se muestran.`}
              </p>
            ) : null}
            {model.description ? (
              <p className="bo-catalogue__preview-description">{model.description}</p>
            ) : null}
          </div>
        </div>
      </section>
    </section>
  );
}

/** 'Vista previa' and its dialog, showing `model` as it is when opened and as the form changes. */
export function PreviewButton({ model, expectedDate }: { model: PreviewModel; expectedDate: string }) {
  const [isOpen, setOpen] = useState(false);
  return (
    <>
      <Button variant="secondary" onPress={() => setOpen(true)}>
        Vista previa
      </Button>
      {isOpen ? (
        <Dialog title={`Vista previa: ${model.product.name}`} isOpen onOpenChange={setOpen} size="lg">
          <p className="bo-catalogue__muted">
            Así verán las farmacias el producto con los cambios sin guardar, al precio de tarifa (sin
            condiciones de ninguna farmacia).
          </p>
          <PreviewBody model={model} expectedDate={expectedDate} />
        </Dialog>
      ) : null}
    </>
  );
}
