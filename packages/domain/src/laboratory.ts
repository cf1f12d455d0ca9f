/**
 * The laboratory that runs the portal: the shape of its identity as the law asks it to be shown
 * (LSSI-CE art. 10, RGPD art. 13, RD 1619/2012 for invoices) and how it is written. The identity
 * itself is an installation's configuration, not this package's: the API reads it from its settings
 * (`LAB_*`) and serves it to the portal, its invoices and its e-mails.
 */

/** A postal address. */
export interface PostalAddress {
  street: string;
  postalCode: string;
  city: string;
  province: string;
}

/** The laboratory's identity and contact details. */
export interface Laboratory {
  /** Registered company name ('razón social'), e.g. 'Laboratorio Botica, S.L.'. */
  legalName: string;
  /** The brand the pharmacists know. */
  tradeName: string;
  /** CIF (tax id of the company). */
  taxId: string;
  /** Registered office ('domicilio social'). */
  address: PostalAddress;
  /**
   * Registry entry ('datos registrales') in one line, as written in the deeds, e.g. 'Registro
   * Mercantil de Madrid, tomo 40.123, folio 112, hoja M-712345, inscripción 1.ª'.
   */
  registry: string;
  /** Phone as written for people, e.g. '+34 910 000 000'. */
  phone: string;
  /** General contact address (the LSSI-CE's 'dirección de correo electrónico'). */
  email: string;
  /** The sales administration's address (orders, registrations). */
  salesEmail: string;
  /** Where the data-protection rights are exercised. */
  privacyEmail: string;
  /** The data protection officer ('Delegado de Protección de Datos') contact address. */
  dpoEmail: string;
  /**
   * The prior administrative authorisation of the activity (LSSI-CE art. 10.1.d): the AEMPS's
   * pharmaceutical laboratory authorisation.
   */
  authorisation: { authority: string; number: string };
  /** The health registry of the food supplements it markets (RGSEAA), if any. */
  foodRegistry: string | null;
  /** The portal's public address ('' when not configured). */
  portalUrl: string;
  /** True for the demo values (the demo data's installation): the legal pages then say so at the top. */
  isDemo: boolean;
}

const LABORATORY_TEXTS = [
  'legalName',
  'tradeName',
  'taxId',
  'registry',
  'phone',
  'email',
  'salesEmail',
  'privacyEmail',
  'dpoEmail',
  'portalUrl',
] as const satisfies readonly (keyof Laboratory)[];

const ADDRESS_TEXTS = [
  'street',
  'postalCode',
  'city',
  'province',
] as const satisfies readonly (keyof PostalAddress)[];

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function hasTexts(value: Record<string, unknown>, keys: readonly string[]): boolean {
  return keys.every((key) => typeof value[key] === 'string');
}

/**
 * Whether a value has the laboratory's shape (every field of {@link Laboratory}, of its type): how a
 * page checks the identity its server wrote into it, without a schema library in its first load.
 *
 * @example isLaboratory(JSON.parse(meta.content)) ? JSON.parse(meta.content) : DEMO_LABORATORY
 */
export function isLaboratory(value: unknown): value is Laboratory {
  if (!isRecord(value) || !hasTexts(value, LABORATORY_TEXTS)) return false;
  const { address, authorisation, foodRegistry, isDemo } = value;
  return (
    isRecord(address) &&
    hasTexts(address, ADDRESS_TEXTS) &&
    isRecord(authorisation) &&
    hasTexts(authorisation, ['authority', 'number']) &&
    (foodRegistry === null || typeof foodRegistry === 'string') &&
    typeof isDemo === 'boolean'
  );
}

/**
 * The demo laboratory: realistic but fictitious values (the CIF passes its check digit, the domain is
 * `.example`), for the demo data, stories and tests. A real installation configures its own.
 */
export const DEMO_LABORATORY: Laboratory = {
  legalName: 'Laboratorio Botica, S.L.',
  tradeName: 'Botica',
  taxId: 'B87654323',
  address: { street: 'Calle de la Botánica, 12', postalCode: '28040', city: 'Madrid', province: 'Madrid' },
  registry: 'Registro Mercantil de Madrid, tomo 40.123, folio 112, hoja M-712345, inscripción 1.ª',
  phone: '+34 910 000 000',
  email: 'info@botica.example',
  salesEmail: 'administracion.ventas@botica.example',
  privacyEmail: 'privacidad@botica.example',
  dpoEmail: 'dpo@botica.example',
  authorisation: {
    authority: 'Agencia Española de Medicamentos y Productos Sanitarios (AEMPS)',
    number: '0000-E',
  },
  foodRegistry: '26.000000/M',
  portalUrl: 'https://portal.botica.example',
  isDemo: true,
};

/**
 * The registered office as the lines of a postal address, the company name first.
 * @example addressLines(DEMO_LABORATORY) // ['Laboratorio Botica, S.L.', 'Calle de la Botánica, 12', '28040 Madrid']
 */
export function addressLines(laboratory: Laboratory): string[] {
  const { street, postalCode, city, province } = laboratory.address;
  return [
    laboratory.legalName,
    street,
    city === province ? `${postalCode} ${city}` : `${postalCode} ${city} (${province})`,
  ];
}

/**
 * The registry entry in one line, spaces tidied.
 * @example registryLine(DEMO_LABORATORY) // 'Registro Mercantil de Madrid, tomo 40.123, folio 112, hoja M-712345, inscripción 1.ª'
 */
export function registryLine(laboratory: Laboratory): string {
  return laboratory.registry.replace(/\s+/g, ' ').trim();
}
