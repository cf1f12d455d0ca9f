/** Small rules of written Spanish that generated text must follow. */

/**
 * Ends a sentence with a period, unless it already ends with one (an abbreviation such as 'S.L.' or
 * 'L.' closes the sentence with its own period: two periods are never written) or with another
 * closing mark ('?', '!', '…').
 * @example closeSentence('Laboratorio Botica, S.L.') // 'Laboratorio Botica, S.L.'
 * @example closeSentence('Hemos recibido tu pedido') // 'Hemos recibido tu pedido.'
 */
export function closeSentence(text: string): string {
  const trimmed = text.trimEnd();
  return /[.?!…]$/.test(trimmed) ? trimmed : `${trimmed}.`;
}

/**
 * 'de' or 'a' before a noun phrase, contracted with the masculine article as Spanish requires:
 * 'de el ginkgo' is written 'del ginkgo', 'a el médico' 'al médico'.
 * @example withPreposition('de', 'el ginkgo') // 'del ginkgo'
 * @example withPreposition('de', 'la valeriana') // 'de la valeriana'
 */
export function withPreposition(preposition: 'de' | 'a', phrase: string): string {
  const match = /^el\s+(.*)$/s.exec(phrase);
  if (match) return `${preposition === 'de' ? 'del' : 'al'} ${match[1]}`;
  return `${preposition} ${phrase}`;
}
