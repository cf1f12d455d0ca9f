/** /products/{id}: the product page (images, reference, format, prices, VAT, stock, volume tiers, add to cart). */
import type { Product, VolumeRule } from '@botica/api-client/schemas';
import { queryClientOf, useDocumentTitle } from '@botica/app-shell';
import { formatPercent, unitWord } from '@botica/domain';
import {
  Button,
  flushPendingEdits,
  Price,
  ProductImage,
  productPrices,
  QuantityInput,
  StockBadge,
  VolumeRulesTable,
} from '@botica/ui';
import { useAtomValue, useSetAtom } from 'jotai';
import { useEffect, useMemo, useRef, useState } from 'react';
import { type LoaderFunctionArgs, redirect, useLoaderData } from 'react-router';
import { analytics } from '../analytics/analytics-instance.ts';
import { addToCartAtom, cartQuantitiesAtom, cartSavingAtom } from '../cart/cart.atoms.ts';
import { ProductSearch } from '../search/product-search.tsx';
import { NextTierHint } from './next-tier-hint.tsx';
import { ProductTraining } from './product-training.tsx';
import { productQuery, volumeRulesQuery } from './queries.ts';
import { ShortagePanel } from './shortage-panel.tsx';
import { productVolumePricing } from './volume-pricing.ts';
import './product.css';

interface ProductData {
  product: Product;
  rules: VolumeRule[];
}

export async function loader({ context, params }: LoaderFunctionArgs): Promise<ProductData> {
  const id = Number(params.id);
  if (params.id === undefined) throw redirect('/catalog');
  if (!Number.isSafeInteger(id) || id <= 0) throw new Response('', { status: 404, statusText: 'Not Found' });
  const queryClient = await queryClientOf(context);
  const [product, rules] = await Promise.all([
    queryClient.fetchQuery(productQuery(id)),
    queryClient.fetchQuery(volumeRulesQuery(id)).catch(() => ({ data: [] as VolumeRule[] })),
  ]);
  return { product: product.data, rules: rules.data };
}

export function Component() {
  const { product, rules } = useLoaderData() as ProductData;
  const addToCart = useSetAtom(addToCartAtom);
  const isSaving = useAtomValue(cartSavingAtom);
  const inCart = useAtomValue(cartQuantitiesAtom)[String(product.id)] ?? 0;
  const [quantity, setQuantity] = useState(1);
  // The quantity as the field hands it on: 'Añadir' reads it right after taking the field's pending
  // edit (+ tapped three times within the field's 500 ms pause adds 4, not 1).
  const quantityRef = useRef(1);
  const changeQuantity = (next: number) => {
    quantityRef.current = next;
    setQuantity(next);
  };
  const add = () => {
    flushPendingEdits();
    void addToCart(product, quantityRef.current);
  };
  const [imageIndex, setImageIndex] = useState(0);
  useDocumentTitle(product.name);
  useEffect(() => analytics.ecommerce('view_item', [{ product, quantity: 1 }]), [product]);
  const prices = productPrices(product);
  const pricing = useMemo(() => productVolumePricing(product, rules, inCart), [product, rules, inCart]);
  const image = product.images[imageIndex] ?? product.image;
  const isOutOfStock = product.stock === 'out_of_stock';

  return (
    <div className="product">
      <ProductSearch />
      <article className="product__layout" aria-labelledby="product-name">
        <div className="product__gallery">
          <ProductImage
            image={image}
            size="full"
            alt={product.name}
            loading="eager"
            fetchPriority="high"
            className="product__image"
          />
          {product.images.length > 1 ? (
            <fieldset className="product__thumbs">
              <legend className="bt-visually-hidden">Imágenes del producto</legend>
              {product.images.map((candidate, index) => (
                <button
                  key={candidate.full}
                  type="button"
                  className="product__thumb"
                  aria-pressed={index === imageIndex}
                  aria-label={`Imagen ${index + 1} de ${product.images.length}`}
                  onClick={() => setImageIndex(index)}
                >
                  <ProductImage image={candidate} size="thumbnail" alt="" />
                </button>
              ))}
            </fieldset>
          ) : null}
        </div>
        <div className="product__details">
          <p className="product__reference">Ref. {product.reference}</p>
          <h1 id="product-name" className="product__name">
            {product.name}
          </h1>
          <p className="product__format">{product.format}</p>
          <div className="product__prices">
            <Price amountCents={prices.amountCents} originalCents={prices.originalCents} size="xl" />
            <span className="product__vat">+ {formatPercent(product.vat_rate)} IVA</span>
          </div>
          <StockBadge stock={product.stock} />
          <ShortagePanel product={product} />
          <div className="product__buy">
            <QuantityInput
              value={quantity}
              onChange={changeQuantity}
              isDisabled={isOutOfStock}
              productName={product.name}
            />
            {/* Pending, not disabled, while saving: a disabled button would drop the keyboard focus. */}
            <Button size="lg" isDisabled={isOutOfStock} isPending={isSaving} onPress={add}>
              Añadir a mi pedido
            </Button>
          </div>
          <NextTierHint product={product} rules={isOutOfStock ? [] : rules} quantity={inCart + quantity} />
          {inCart > 0 ? (
            <p className="product__in-cart">
              Tienes {inCart} {unitWord(inCart)} en tu pedido.
            </p>
          ) : null}
          {rules.length > 0 ? <VolumeRulesTable pricing={pricing} /> : null}
          <section className="product__description" aria-labelledby="product-description">
            <h2 id="product-description">Descripción</h2>
            <p>{product.description}</p>
          </section>
          {product.categories.length > 0 ? (
            <p className="product__categories">
              {product.categories.map((category) => category.name).join(' · ')}
            </p>
          ) : null}
        </div>
      </article>
      <ProductTraining productId={product.id} />
    </div>
  );
}
