/**
 * /cart ('Mi pedido'): the lines with their quantities (disabled while saving), the discounts, VAT
 * and totals, the minimum-order notice with the send button disabled below it, and sending the
 * order (checkout → /pedido-enviado).
 */
import { eurosToCents, linePriceCents } from '@botica/domain';
import {
  Button,
  CartSummary,
  EmptyState,
  IconButton,
  Link,
  MinimumOrderNotice,
  Price,
  ProductImage,
  QuantityInput,
  Skeleton,
} from '@botica/ui';
import { useAtomValue, useSetAtom } from 'jotai';
import { useNavigate } from 'react-router';
import { useDocumentTitle } from '../../app/document-title.ts';
import {
  canSendOrderAtom,
  cartCheckingOutAtom,
  cartLinesAtom,
  cartSavingAtom,
  cartStatusAtom,
  cartTotalsAtom,
  checkoutAtom,
  minimumOrderAtom,
  orderConfigurationAtom,
  removeFromCartAtom,
  updateCartQuantityAtom,
} from './cart.atoms.ts';
import './cart.css';

export function Component() {
  useDocumentTitle('Mi pedido');
  const status = useAtomValue(cartStatusAtom);
  const lines = useAtomValue(cartLinesAtom);
  const totals = useAtomValue(cartTotalsAtom);
  const isSaving = useAtomValue(cartSavingAtom);
  const isCheckingOut = useAtomValue(cartCheckingOutAtom);
  const minimum = useAtomValue(minimumOrderAtom);
  const config = useAtomValue(orderConfigurationAtom);
  const canSend = useAtomValue(canSendOrderAtom);
  const updateQuantity = useSetAtom(updateCartQuantityAtom);
  const remove = useSetAtom(removeFromCartAtom);
  const checkout = useSetAtom(checkoutAtom);
  const navigate = useNavigate();

  async function send() {
    const order = await checkout();
    if (order !== null) void navigate(`/pedido-enviado?pedido=${order.id}`, { state: { order } });
  }

  if (status !== 'ready') {
    return (
      <div className="cart" aria-busy="true">
        <h1 className="cart__title">Mi pedido</h1>
        <Skeleton lines={4} />
      </div>
    );
  }

  if (lines.length === 0) {
    return (
      <div className="cart">
        <h1 className="cart__title">Mi pedido</h1>
        <EmptyState
          title="Tu pedido está vacío"
          description="Busca productos por referencia o nombre, o explora el catálogo para añadirlos."
          action={
            <Link href="/catalog" variant="primary">
              Ir al catálogo
            </Link>
          }
        />
      </div>
    );
  }

  return (
    <div className="cart">
      <h1 className="cart__title">Mi pedido</h1>
      <div className="cart__layout">
        <section aria-label="Productos del pedido" className="cart__lines">
          <ul className="cart-lines">
            {lines.map((line) => (
              <li key={line.product.id} className="cart-line">
                <ProductImage image={line.product.image} size="thumbnail" alt="" className="cart-line__image" />
                <div className="cart-line__info">
                  <Link href={`/products/${line.product.id}`} className="cart-line__name">
                    {line.product.name}
                  </Link>
                  <span className="cart-line__meta">
                    Ref. {line.product.reference} · {line.product.format}
                  </span>
                  <Price
                    amountCents={eurosToCents(line.product.final_price ?? line.product.price)}
                    suffix="/ud"
                    size="sm"
                  />
                </div>
                <QuantityInput
                  value={line.quantity}
                  onChange={(quantity) => void updateQuantity(line.product.id, quantity)}
                  isDisabled={isSaving}
                  productName={line.product.name}
                  size="sm"
                />
                <Price amountCents={linePriceCents(line)} className="cart-line__total" />
                <IconButton
                  aria-label={`Quitar ${line.product.name} del pedido`}
                  icon="trash"
                  variant="ghost"
                  isDisabled={isSaving}
                  onPress={() => void remove(line.product.id)}
                />
              </li>
            ))}
          </ul>
        </section>
        <aside className="cart__aside" aria-label="Resumen del pedido">
          <CartSummary totals={totals} />
          {minimum !== null && !minimum.ok && config !== null ? (
            <MinimumOrderNotice
              missingCents={minimum.missingCents}
              minimumCents={config.orderMinimumAmountCents}
            />
          ) : null}
          <Button size="lg" isFullWidth isDisabled={!canSend} isPending={isCheckingOut} onPress={() => void send()}>
            Enviar pedido
          </Button>
          <Link href="/catalog">Seguir comprando</Link>
        </aside>
      </div>
    </div>
  );
}
