/**
 * The cart's 'Entrega': the pharmacy's shop the order goes to (the one proposed by the server: the
 * user's last choice, else the main one) and, when the pharmacy has wholesalers, whether it travels
 * as a transfer order through one of them or straight to the laboratory. Nothing shows for a
 * pharmacy with one shop and no wholesaler, nor for an empty cart.
 */
import { portalEndpoints } from '@botica/api-client/endpoints';
import type { DeliveryOptions } from '@botica/api-client/schemas';
import { endpointQuery } from '@botica/app-shell';
import { NativeSelect } from '@botica/ui';
import { useQuery } from '@tanstack/react-query';
import { useAtomValue, useSetAtom } from 'jotai';
import { useEffect, useId } from 'react';
import { api } from '../../shared/api.ts';
import { userAtom } from '../auth/session.ts';
import { cartCheckingOutAtom, cartLinesAtom } from './cart.atoms.ts';
import { chooseShopAtom, chooseWholesalerAtom, deliveryChoiceAtom } from './delivery-choice.atoms.ts';
import './delivery-choice.css';

/** The pharmacy's shops and wholesalers the cart offers. */
export const deliveryOptionsQuery = endpointQuery(portalEndpoints.delivery.options, api.delivery.options);

const DIRECT = 'directo';

function shopLabel(shop: DeliveryOptions['shops'][number]): string {
  return `${shop.name}${shop.is_main ? ' (principal)' : ''}: ${shop.address}, ${shop.city}`;
}

function wholesalerLabel(wholesaler: DeliveryOptions['wholesalers'][number]): string {
  return wholesaler.customer_number
    ? `${wholesaler.name} (nº cliente ${wholesaler.customer_number})`
    : wholesaler.name;
}

export function DeliveryChoice() {
  const clientId = useAtomValue(userAtom)?.client?.id ?? 0;
  const hasLines = useAtomValue(cartLinesAtom).length > 0;
  const isCheckingOut = useAtomValue(cartCheckingOutAtom);
  const choice = useAtomValue(deliveryChoiceAtom);
  const chooseShop = useSetAtom(chooseShopAtom);
  const chooseWholesaler = useSetAtom(chooseWholesalerAtom);
  const { data } = useQuery({ ...deliveryOptionsQuery(clientId), enabled: clientId > 0 });
  const options = data?.data;
  const own = choice?.clientId === clientId ? choice : null;
  const shopId = own?.shopId ?? options?.default_shop_id ?? null;
  const addressId = useId();

  // The shop shown is the one sent, even when the pharmacist leaves the proposal as it is.
  useEffect(() => {
    if (options && own?.shopId == null && options.default_shop_id !== null)
      chooseShop(clientId, options.default_shop_id);
  }, [options, own?.shopId, clientId, chooseShop]);

  if (!options || !hasLines) return null;
  const { shops, wholesalers } = options;
  if (shops.length <= 1 && wholesalers.length === 0) return null;
  const shop = shops.find((candidate) => candidate.id === shopId);

  return (
    <section className="delivery-choice" aria-labelledby="delivery-choice-title">
      <h2 id="delivery-choice-title" className="delivery-choice__title">
        Entrega
      </h2>
      {shops.length > 1 ? (
        <div className="delivery-choice__field">
          <NativeSelect
            label="Entregar en"
            options={shops.map((candidate) => ({ id: String(candidate.id), label: shopLabel(candidate) }))}
            value={String(shopId ?? '')}
            onChange={(id) => chooseShop(clientId, Number(id))}
            disabled={isCheckingOut}
            aria-describedby={addressId}
          />
          {/* A long shop name is cut in the field: the whole address of the one chosen, below it. */}
          <p id={addressId} className="delivery-choice__address">
            {shop ? `${shop.name}, ${shop.address}, ${shop.postal_code} ${shop.city}` : null}
          </p>
        </div>
      ) : shop ? (
        <p className="delivery-choice__shop">
          <span className="delivery-choice__label">Entregar en</span> {shopLabel(shop)}
        </p>
      ) : null}
      {wholesalers.length > 0 ? (
        <NativeSelect
          label="Enviar como transfer a través de"
          options={[
            { id: DIRECT, label: 'Directo al laboratorio' },
            ...wholesalers.map((wholesaler) => ({
              id: String(wholesaler.id),
              label: wholesalerLabel(wholesaler),
            })),
          ]}
          value={own?.wholesalerId == null ? DIRECT : String(own.wholesalerId)}
          onChange={(id) => chooseWholesaler(clientId, id === DIRECT ? null : Number(id))}
          disabled={isCheckingOut}
        />
      ) : null}
    </section>
  );
}
