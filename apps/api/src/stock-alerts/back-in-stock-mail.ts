/**
 * The one e-mail of a back-in-stock alert: the product is back, a link to its page, and that this was
 * the only notice (a product that sells out again needs a new alert).
 */
import type { OutgoingMail } from '../mail/outbox.ts';
import { composeMail } from '../mail/template.ts';
import type { Settings } from '../settings/settings.ts';

/** What the message names. */
export interface BackInStockMailInput {
  laboratory: Settings['laboratory'];
  /** The portal's origin, for the product's link. */
  origin: string;
  to: string;
  userName: string;
  product: { id: number; name: string; format: string; reference: string };
}

/** The message, ready for the outbox. */
export function backInStockMail(input: BackInStockMailInput): OutgoingMail {
  const { product } = input;
  return {
    kind: 'stock_alert',
    to: input.to,
    mail: composeMail(input.laboratory, {
      subject: `Vuelve a estar disponible: ${product.name}`,
      greeting: `Hola, ${input.userName}:`,
      paragraphs: [
        `${product.name} (${product.format}, referencia ${product.reference}) vuelve a estar disponible y ya puedes pedirlo.`,
        'Nos pediste que te avisáramos cuando volviera: este es el único aviso que recibirás.',
      ],
      action: { label: 'Ver el producto', url: `${input.origin}/products/${String(product.id)}` },
      closing: ['Si vuelve a agotarse y quieres otro aviso, pídelo de nuevo en la ficha del producto.'],
    }),
  };
}
