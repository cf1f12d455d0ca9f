/**
 * /cart ('Mi pedido'): the lines with their quantities (disabled while saving), above them which
 * lines the laboratory has repriced since the cart was last saved, the discounts, VAT and totals,
 * the minimum-order notice with the send button disabled below it, and sending the order (checkout →
 * /pedido-enviado).
 */

import { focusPageHeadingIfLost, queryClientOf, useDocumentTitle } from '@botica/app-shell';
import { CartSummary } from '@botica/ui';
import { useAtomValue, useSetAtom } from 'jotai';
import { type LoaderFunctionArgs, useNavigate } from 'react-router';
import { PORTAL_PATHS } from '../../shared/navigation.ts';
import { analytics } from '../analytics/analytics-instance.ts';
import { guard } from '../auth/session.ts';
import { CartLineTierHint } from '../product/cart-line-tier-hint.tsx';
import {
  cartCheckingOutAtom,
  cartDiscountsAtom,
  cartEquivalenceSurchargeAtom,
  cartLinesAtom,
  cartLineVolumesAtom,
  cartPriceChangesAtom,
  cartSavingAtom,
  cartStatusAtom,
  checkoutAtom,
  removeFromCartAtom,
  updateCartQuantityAtom,
} from './cart.atoms.ts';
import { ensureCartLoaded } from './cart-loading.ts';
import { DeliveryChoice, deliveryOptionsQuery } from './delivery-choice.tsx';
import { useOrderRules } from './order-rules.tsx';
import { PriceChangeNotice } from './price-change-notice.tsx';
import { SoldOutLines } from './sold-out-lines.tsx';
import './cart.css';

/** The page waits for the cart (preloaded with the page, usually there already) instead of showing a placeholder. */
export async function loader({ request, context }: LoaderFunctionArgs): Promise<null> {
  // After the guard: an anonymous visit must not load (and keep) an empty cart.
  const user = await guard(request, { requireClient: true });
  const queryClient = await queryClientOf(context);
  // The delivery choice, often the page's largest text, asked for its options only once it had
  // mounted: asked here, they travel with the cart instead of a round trip after the first render.
  const clientId = user?.client?.id ?? 0;
  if (clientId > 0) void queryClient.prefetchQuery(deliveryOptionsQuery(clientId));
  await ensureCartLoaded(queryClient);
  return null;
}

export function Component() {
  useDocumentTitle('Mi pedido');
  const status = useAtomValue(cartStatusAtom);
  const lines = useAtomValue(cartLinesAtom);
  const lineVolumes = useAtomValue(cartLineVolumesAtom);
  const priceChanges = useAtomValue(cartPriceChangesAtom);
  const discounts = useAtomValue(cartDiscountsAtom);
  const hasEquivalenceSurcharge = useAtomValue(cartEquivalenceSurchargeAtom);
  const isSaving = useAtomValue(cartSavingAtom);
  const isCheckingOut = useAtomValue(cartCheckingOutAtom);
  const rules = useOrderRules();
  const updateQuantity = useSetAtom(updateCartQuantityAtom);
  const remove = useSetAtom(removeFromCartAtom);
  const checkout = useSetAtom(checkoutAtom);
  const navigate = useNavigate();

  async function send() {
    analytics.ecommerce('begin_checkout', lines);
    const order = await checkout();
    if (order === null) return;
    analytics.ecommerce('purchase', lines, { transaction_id: order.number });
    void navigate(`/pedido-enviado?pedido=${order.id}`, { state: { order } });
  }

  return (
    <div className="cart">
      <h1 className="cart__title">Mi pedido</h1>
      <PriceChangeNotice changes={priceChanges} />
      <SoldOutLines lines={lines} />
      <DeliveryChoice />
      <CartSummary
        items={lines}
        discounts={discounts}
        hasEquivalenceSurcharge={hasEquivalenceSurcharge}
        orderMinimumAmountCents={rules.orderMinimumAmountCents}
        monthlyCap={rules.monthlyCap}
        contact={rules.contact}
        catalogHref={PORTAL_PATHS.catalog}
        getProductHref={(item) => `/products/${item.product.id}`}
        renderLineExtra={(item) => (
          <CartLineTierHint
            product={item.product}
            volume={lineVolumes.get(Number(item.product.id))}
            quantity={item.quantity}
          />
        )}
        onQuantityChange={(productId, quantity) => void updateQuantity(Number(productId), quantity)}
        onRemove={(productId) => {
          const line = lines.find((candidate) => candidate.product.id === Number(productId));
          if (line) analytics.ecommerce('remove_from_cart', [line]);
          void remove(Number(productId));
          // The line and its button are gone: the focus goes to the page's heading, not the body.
          requestAnimationFrame(focusPageHeadingIfLost);
        }}
        onCheckout={() => void send()}
        sendRestriction={rules.sendRestriction}
        isSaving={isSaving}
        isCheckingOut={isCheckingOut}
        isLoading={status !== 'ready'}
      />
    </div>
  );
}
