import {
  DEMO_LABORATORY,
  formatLongDate,
  madridMonth,
  monthlyAllowance,
  monthlyCapBlockedMessage,
  monthlyCapOverMessage,
  monthlyRemainingMessage,
} from '@botica/domain';
import { AlertIcon, InfoIcon, MailIcon, PhoneIcon } from '../icons/icons.tsx';
import { cx } from '../internal/class-names.ts';

/** The client's monthly purchase cap and what this month's orders already add up to, in cents. */
export interface MonthlyCap {
  /** The configuration's `maximum_purchase_per_month`. */
  capCents: number;
  /** The `price` of the orders sent this month (Europe/Madrid), cancelled ones excluded. */
  spentCents: number;
}

/** How the pharmacy reaches the laboratory's sales administration. */
export interface OrderContact {
  phone: string;
  email: string;
}

/** The demo laboratory's phone and sales e-mail; the app passes its own. */
export const DEMO_ORDER_CONTACT: OrderContact = {
  phone: DEMO_LABORATORY.phone,
  email: DEMO_LABORATORY.salesEmail,
};

export interface MonthlyCapNoticeProps {
  /** The cap and this month's orders. */
  monthlyCap: MonthlyCap;
  /** The configuration's `order_minimum_amount`, in cents. */
  orderMinimumAmountCents: number;
  /**
   * The cart's price (before discounts and VAT), in cents.
   * @default 0
   */
  cartPriceCents?: number;
  /**
   * The laboratory's phone and e-mail, offered when no order can be sent this month.
   * @default DEMO_ORDER_CONTACT
   */
  contact?: OrderContact;
  /**
   * The moment that decides the month (the next one is when orders can be sent again).
   * @default new Date()
   */
  now?: Date;
  /**
   * `sm` for the mini cart.
   * @default 'md'
   */
  size?: 'sm' | 'md';
  /** Extra class names. */
  className?: string;
}

/** An e-mail address that wraps after its '@' when it must, never inside a word. */
function EmailText({ email }: { email: string }) {
  const at = email.indexOf('@');
  if (at < 0) return <>{email}</>;
  return (
    <>
      {email.slice(0, at + 1)}
      <wbr />
      {email.slice(at + 1)}
    </>
  );
}

/**
 * The monthly purchase cap, said before it bites (rules from `@botica/domain`'s `monthlyAllowance`):
 * - what is left this month, on one quiet line;
 * - a warning when the cart passes what is left (the server would refuse it with 406);
 * - when what is left is below the minimum order: that no order can be sent this month, from when
 *   orders can be sent again (not in the mini cart's `sm`, short of room), and the laboratory's
 *   phone and e-mail.
 */
export function MonthlyCapNotice({
  monthlyCap,
  orderMinimumAmountCents,
  cartPriceCents = 0,
  contact = DEMO_ORDER_CONTACT,
  now,
  size = 'md',
  className,
}: MonthlyCapNoticeProps) {
  const allowance = monthlyAllowance(
    { orderMinimumAmountCents, maximumPurchasePerMonthCents: monthlyCap.capCents },
    monthlyCap.spentCents,
    cartPriceCents,
  );
  const classes = cx('bt-monthly-cap', `bt-monthly-cap--${size}`, className);

  if (!allowance.canOrderThisMonth) {
    const nextMonth = madridMonth(now ?? new Date()).end;
    return (
      <div className={cx(classes, 'bt-monthly-cap--blocked')}>
        <p className="bt-monthly-cap__title">
          <AlertIcon size={20} className="bt-monthly-cap__icon" />
          <span>Este mes ya no puedes enviar pedidos</span>
        </p>
        <p className="bt-monthly-cap__text">
          {monthlyCapBlockedMessage(allowance, orderMinimumAmountCents)}{' '}
          {size === 'md'
            ? `Podrás volver a enviar pedidos a partir del ${formatLongDate(nextMonth)}. Si necesitas un pedido antes, llama o escribe al laboratorio:`
            : 'Para un pedido antes, llama o escribe al laboratorio:'}
        </p>
        <ul className="bt-monthly-cap__contact">
          <li>
            <PhoneIcon size={16} className="bt-monthly-cap__contact-icon" />
            <span className="bt-visually-hidden">Teléfono: </span>
            <a className="bt-monthly-cap__link" href={`tel:${contact.phone.replace(/[^\d+]/g, '')}`}>
              {contact.phone}
            </a>
          </li>
          <li>
            <MailIcon size={16} className="bt-monthly-cap__contact-icon" />
            <span className="bt-visually-hidden">Correo electrónico: </span>
            <a className="bt-monthly-cap__link" href={`mailto:${contact.email}`}>
              <EmailText email={contact.email} />
            </a>
          </li>
        </ul>
      </div>
    );
  }

  if (allowance.cartOverCents > 0) {
    return (
      <div className={cx(classes, 'bt-monthly-cap--over')} role="status">
        <p className="bt-monthly-cap__title">
          <AlertIcon size={20} className="bt-monthly-cap__icon" />
          <span>{monthlyCapOverMessage(allowance.cartOverCents)}</span>
        </p>
        <p className="bt-monthly-cap__text">{monthlyRemainingMessage(allowance)}</p>
      </div>
    );
  }

  return (
    <p className={cx(classes, 'bt-monthly-cap--info')}>
      <InfoIcon size={18} className="bt-monthly-cap__icon" />
      <span>{monthlyRemainingMessage(allowance)}</span>
    </p>
  );
}

/**
 * Whether an order can be sent as far as the monthly cap goes: what is left this month reaches the
 * minimum order and the cart fits in it. True without a cap to check.
 */
export function fitsMonthlyCap(
  monthlyCap: MonthlyCap | undefined,
  orderMinimumAmountCents: number | undefined,
  cartPriceCents: number,
): boolean {
  if (monthlyCap === undefined) return true;
  const allowance = monthlyAllowance(
    {
      orderMinimumAmountCents: orderMinimumAmountCents ?? 0,
      maximumPurchasePerMonthCents: monthlyCap.capCents,
    },
    monthlyCap.spentCents,
    cartPriceCents,
  );
  return allowance.canOrderThisMonth && allowance.cartOverCents === 0;
}
