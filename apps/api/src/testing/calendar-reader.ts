/**
 * Reads an iCalendar object back for tests (RFC 5545 §3.1): unfolds its lines and returns each
 * property's value and parameters, so a test asserts what a calendar program would read rather than
 * the text.
 */

/** One content line: `NAME;PARAM=VALUE:value`. */
export interface CalendarProperty {
  name: string;
  params: Record<string, string>;
  value: string;
}

/** The properties of an iCalendar text, in order; throws when its lines do not end in CRLF. */
export function readCalendar(text: string): CalendarProperty[] {
  if (!text.endsWith('\r\n') || /[^\r]\n/.test(text))
    throw new Error('an iCalendar object has CRLF line ends');
  return text
    .replace(/\r\n[ \t]/g, '')
    .split('\r\n')
    .filter(Boolean)
    .map((line) => {
      // The name and parameters end at the first colon outside a quoted parameter value.
      let quoted = false;
      let index = 0;
      for (; index < line.length; index += 1) {
        const character = line[index];
        if (character === '"') quoted = !quoted;
        else if (character === ':' && !quoted) break;
      }
      const [name = '', ...parameters] = line.slice(0, index).split(';');
      const params = Object.fromEntries(
        parameters.map((parameter) => {
          const [key = '', ...rest] = parameter.split('=');
          return [key.toUpperCase(), rest.join('=').replace(/^"(.*)"$/, '$1')];
        }),
      );
      return { name: name.toUpperCase(), params, value: line.slice(index + 1) };
    });
}

/** The one property of that name (the first), or throws. */
export function calendarProperty(properties: readonly CalendarProperty[], name: string): CalendarProperty {
  const found = properties.find((property) => property.name === name);
  if (!found) throw new Error(`no ${name} in the calendar`);
  return found;
}
