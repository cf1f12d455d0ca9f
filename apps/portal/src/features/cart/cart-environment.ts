/** The cart's collaborators in the running portal: the API client, the query cache, toasts and the error dialog. */
import { isApiError } from '@botica/api-client';
import { portalEndpoints } from '@botica/api-client/endpoints';
import { blockingErrorAtom, endpointKey } from '@botica/app-shell';
import { TOAST_MS } from '@botica/domain';
import { flushPendingEdits, showAddToCartToast, showToast } from '@botica/ui';
import type { QueryClient } from '@tanstack/react-query';
import { api } from '../../shared/api.ts';
import { appStore } from '../../shared/store.ts';
import { analytics } from '../analytics/analytics-instance.ts';
import type { CartEnvironment } from './cart.atoms.ts';
import { checkoutDelivery, deliveryChoiceAtom, forgetDeliveryChoiceAtom } from './delivery-choice.atoms.ts';

export function createCartEnvironment(queryClient: QueryClient): CartEnvironment {
  return {
    queryClient,
    gateway: {
      configurations: () => api.configurations.list(),
      fetchCart: () => api.cart.get(),
      saveCart: (products, version) => api.cart.save({ products, version }),
      checkout: async (clientId, cartId) => {
        const body = checkoutDelivery(appStore.get(deliveryChoiceAtom), clientId);
        const order = (await api.cart.checkout(clientId, cartId, body)).data;
        appStore.set(forgetDeliveryChoiceAtom);
        // The shop just chosen is the one the server proposes next time.
        void queryClient.invalidateQueries({ queryKey: endpointKey(portalEndpoints.delivery.options) });
        return order;
      },
      reorder: (clientId, orderId) => api.orders.reorder(clientId, orderId),
      monthlyPurchases: (clientId) => api.cart.monthlyPurchases(clientId),
    },
    notify(notification) {
      if (notification.kind === 'saved') {
        showAddToCartToast(notification);
        // Every add or quantity change the server acknowledged, as the units it added or removed.
        const units = notification.quantity - notification.previousQuantity;
        if (units !== 0) {
          analytics.ecommerce(units > 0 ? 'add_to_cart' : 'remove_from_cart', [
            { product: notification.product, quantity: Math.abs(units) },
          ]);
        }
      } else if (notification.kind === 'removed') {
        showToast(
          {
            title: 'Has eliminado el producto de tu pedido',
            tone: 'info',
            product: notification.product,
            action: { label: 'Deshacer', onAction: notification.undo },
          },
          { timeoutMs: TOAST_MS },
        );
      } else if (notification.entry.presentation === 'toast') {
        showToast(
          { title: notification.entry.title, description: notification.entry.text, tone: 'danger' },
          { timeoutMs: notification.entry.durationMs },
        );
      } else {
        appStore.set(blockingErrorAtom, notification.entry);
      }
    },
    flushPendingEdits: () => void flushPendingEdits(),
    toCallError: (error) =>
      isApiError(error)
        ? { status: error.status, message: error.message }
        : { status: 'network', message: error instanceof Error ? error.message : undefined },
  };
}
