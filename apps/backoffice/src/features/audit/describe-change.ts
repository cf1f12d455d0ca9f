/**
 * An audit row in words for the staff: the action ('Aprobó la solicitud de alta'), the object
 * ('Solicitud de alta 12') and the fields before → after.
 */
import { formatDateTime } from '@botica/domain';

/** An instant as the server writes it (ISO 8601 with a zone), shown as a Madrid date and time. */
const INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2})$/;

const ACTIONS: Readonly<Record<string, string>> = {
  'registration.approved': 'Aprobó la solicitud de alta',
  'registration.rejected': 'Rechazó la solicitud de alta',
  'api_key.created': 'Creó la clave de API',
  'api_key.revoked': 'Revocó la clave de API',
  'integration.products': 'El ERP envió productos',
  'integration.stock': 'El ERP envió el stock',
  'integration.pharmacies': 'El ERP envió farmacias',
  'integration.sales_reps': 'El ERP envió comerciales',
  'integration.discount_groups': 'El ERP envió grupos de descuento',
  'integration.special_prices': 'El ERP envió precios especiales',
  'shipment.created': 'Registró el albarán',
  'shipment.updated': 'Cambió el albarán',
  'invoice.received': 'Registró la factura',
  'refund.received': 'Registró la factura rectificativa',
  'invoice.pdf_uploaded': 'Subió el PDF de la factura',
  'order.status_changed': 'Cambió el estado del pedido',
  'order.cancelled': 'Canceló el pedido',
  'webhook_endpoint.secret_rotated': 'Cambió el secreto del webhook',
  'webhook_endpoint.tested': 'Envió una prueba al webhook',
  'webhook_delivery.resent': 'Reenvió un aviso del webhook',
  'configuration.maintenance_on': 'Activó el modo mantenimiento',
  'configuration.maintenance_off': 'Desactivó el modo mantenimiento',
};

const OBJECT_TYPES: Readonly<Record<string, string>> = {
  registration: 'Solicitud de alta',
  client: 'Farmacia',
  user: 'Usuario',
  configuration: 'Configuración',
  order: 'Pedido',
  product: 'Producto',
  category: 'Categoría',
  banner: 'Banner',
  showcase: 'Escaparate',
  lab_message: 'Mensaje',
  post: 'Noticia',
  webinar: 'Webinar',
  material: 'Material científico',
  newsletter: 'Boletín',
  survey: 'Encuesta',
  api_key: 'Clave de API',
  integration_batch: 'Lote del ERP',
  shipment: 'Albarán',
  invoice: 'Factura',
  webhook_endpoint: 'Webhook',
  webhook_delivery: 'Aviso de webhook',
};

const VERBS: Readonly<Record<string, string>> = {
  created: 'Creó',
  updated: 'Cambió',
  deleted: 'Borró',
  approved: 'Aprobó',
  rejected: 'Rechazó',
  published: 'Publicó',
  unpublished: 'Despublicó',
  opened: 'Abrió',
  closed: 'Cerró',
  moved: 'Movió',
  revoked: 'Revocó',
};

/** The object types the filter offers, with their names. */
export const OBJECT_TYPE_OPTIONS: ReadonlyArray<{ id: string; label: string }> = Object.entries(
  OBJECT_TYPES,
).map(([id, label]) => ({ id, label }));

/** An object type's name, or the type itself when it has none yet. */
export function objectTypeLabel(type: string): string {
  return OBJECT_TYPES[type] ?? type;
}

/**
 * An action in words: a known one as written, else its verb and object (`client.updated` → 'Cambió:
 * Farmacia'), else the action as recorded.
 */
export function actionLabel(action: string): string {
  const known = ACTIONS[action];
  if (known) return known;
  const dot = action.lastIndexOf('.');
  const verb = VERBS[action.slice(dot + 1)];
  return dot > 0 && verb ? `${verb}: ${objectTypeLabel(action.slice(0, dot))}` : action;
}

/** One field of a change. */
export interface FieldChange {
  field: string;
  before: string;
  after: string;
  isChanged: boolean;
}

/**
 * A field's value as text: '—' for none, an instant in Madrid's time, JSON for anything not a
 * string, number or boolean.
 */
export function valueText(value: unknown): string {
  if (value === undefined || value === null || value === '') return '—';
  if (typeof value === 'boolean') return value ? 'sí' : 'no';
  if (typeof value === 'string' && INSTANT.test(value)) return formatDateTime(value);
  if (typeof value === 'string' || typeof value === 'number') return String(value);
  return JSON.stringify(value);
}

/**
 * The fields of a change, in the order they first appear (before's, then after's new ones), each
 * with whether it changed; the changed ones first, so a long object shows what matters on top.
 */
export function fieldChanges(
  before: Readonly<Record<string, unknown>> | null,
  after: Readonly<Record<string, unknown>> | null,
): FieldChange[] {
  const fields = [...new Set([...Object.keys(before ?? {}), ...Object.keys(after ?? {})])];
  const rows = fields.map((field) => {
    const was = before?.[field];
    const is = after?.[field];
    return {
      field,
      before: before === null ? '—' : valueText(was),
      after: after === null ? '—' : valueText(is),
      isChanged: JSON.stringify(was) !== JSON.stringify(is),
    };
  });
  return [...rows.filter((row) => row.isChanged), ...rows.filter((row) => !row.isChanged)];
}
