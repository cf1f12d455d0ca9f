/**
 * What the cart page and the mini cart say beside the send button, from one place: the minimum
 * order, the monthly cap with this month's orders, the laboratory's phone and e-mail, and why this
 * user may not send the order.
 */
import { formatPhone } from '@botica/domain';
import type { MonthlyCap, OrderContact } from '@botica/ui';
import { useAtomValue } from 'jotai';
import type { ReactNode } from 'react';
import { useAccountPermissions } from '../account/permissions.ts';
import { pageLaboratory } from '../legal/laboratory.ts';
import { orderConfigurationAtom } from './cart.atoms.ts';
import { monthlyCapAtom } from './monthly-purchases.ts';

/** The laboratory's sales administration, as the footer and the help block show it. */
function orderContact(): OrderContact {
  const laboratory = pageLaboratory();
  return { phone: formatPhone(laboratory.phone), email: laboratory.salesEmail };
}

export interface OrderRules {
  orderMinimumAmountCents: number | undefined;
  monthlyCap: MonthlyCap | undefined;
  contact: OrderContact;
  /** Set for a sub-user who may not send orders: what to show instead of sending. */
  sendRestriction: ReactNode | undefined;
}

/** The order rules of the logged-in pharmacy user; `isCompact` gives the mini cart's shorter wording. */
export function useOrderRules({ isCompact = false }: { isCompact?: boolean } = {}): OrderRules {
  const config = useAtomValue(orderConfigurationAtom);
  const monthlyCap = useAtomValue(monthlyCapAtom);
  const { canSendOrders } = useAccountPermissions();
  return {
    orderMinimumAmountCents: config?.orderMinimumAmountCents,
    monthlyCap,
    contact: orderContact(),
    sendRestriction: canSendOrders ? undefined : isCompact ? (
      <p>
        <strong>El pedido lo envía el usuario principal de tu farmacia.</strong> Tú puedes prepararlo.
      </p>
    ) : (
      <p>
        <strong>El pedido lo envía el usuario principal de tu farmacia.</strong> Puedes preparar el pedido:
        queda guardado y el usuario principal lo verá en su «Mi pedido» para enviarlo.
      </p>
    ),
  };
}
