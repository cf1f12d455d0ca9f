/**
 * A laboratory that is not the demo's, as its operations team would set it in the environment: the
 * tests of the identity settings, of the pages and documents that carry it, and of a production
 * start use it to prove that nothing falls back to the demo laboratory.
 */
export const OTHER_LABORATORY_ENV = {
  LAB_NAME: 'Herbolab Farma, S.A.',
  LAB_TRADE_NAME: 'Herbolab',
  LAB_TAX_ID: 'A28000008',
  LAB_STREET: 'Avenida de la Industria, 4',
  LAB_POSTAL_CODE: '28108',
  LAB_CITY: 'Alcobendas',
  LAB_PROVINCE: 'Madrid',
  LAB_REGISTRY: 'Registro Mercantil de Madrid, tomo 1.234, folio 56, hoja M-78901, inscripción 1.ª',
  LAB_AEMPS_AUTHORISATION: '1234-E',
  LAB_PHONE: '+34 916 000 000',
  LAB_EMAIL: 'info@herbolab.example',
  SALES_ADMIN_EMAIL: 'pedidos@herbolab.example',
} as const;
