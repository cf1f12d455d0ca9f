/**
 * Hands react-aria its locale (es-ES, the hand-off of react-aria's `getLocalizationScript`) before
 * react-aria evaluates: it comes only with lazy chunks, and a control rendered outside `AriaScope`
 * then still speaks Spanish.
 */
export function setAriaLocale(): void {
  (window as unknown as Record<symbol, string>)[Symbol.for('react-aria.i18n.locale')] = 'es-ES';
}
