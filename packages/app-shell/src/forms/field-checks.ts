/**
 * Which message each field of an access form shows, as plain state transitions: a
 * field's rule problem shows once the field is left with something in it, or the form is sent; from
 * then on the field is checked again at every change of the form (the repeated password follows the
 * password), so a message goes as soon as the field is right. The server's message for a field (the
 * first of a 422's, or of a 429's) shows until that field changes.
 */

/** Each field's first problem; a field without one is absent. */
export type Problems<Field extends string> = Partial<Record<Field, string>>;

/** What a form shows under its fields. */
export interface FieldChecks<Field extends string> {
  /** The fields checked so far (a key), each with its current problem (`undefined`: none). */
  shown: Partial<Record<Field, string | undefined>>;
  /** The server's messages, for the fields not changed since. */
  server: Problems<Field>;
}

/** Nothing shown yet. */
export function noChecks<Field extends string>(): FieldChecks<Field> {
  return { shown: {}, server: {} };
}

/** The message under a field: the server's first, then the rule's. */
export function messageOf<Field extends string>(
  checks: FieldChecks<Field>,
  field: Field,
): string | undefined {
  return checks.server[field] ?? checks.shown[field];
}

/**
 * The field was left: it is checked from now on, unless it was left empty without having been
 * checked before (tabbing through the form does not fill it with 'obligatorio').
 */
export function afterBlur<Field extends string>(
  checks: FieldChecks<Field>,
  field: Field,
  value: string,
  problems: Problems<Field>,
): FieldChecks<Field> {
  if (value.trim() === '' && !(field in checks.shown)) return checks;
  return { ...checks, shown: { ...checks.shown, [field]: problems[field] } };
}

/** A field changed: its server message goes, and every checked field follows the new values. */
export function afterChange<Field extends string>(
  checks: FieldChecks<Field>,
  field: Field,
  problems: Problems<Field>,
): FieldChecks<Field> {
  const server = { ...checks.server };
  delete server[field];
  const shown: FieldChecks<Field>['shown'] = {};
  for (const checked of Object.keys(checks.shown) as Field[]) shown[checked] = problems[checked];
  return { shown, server };
}

/** The form was sent: every field is checked; the server's messages wait for its new answer. */
export function afterSubmit<Field extends string>(
  fields: readonly Field[],
  problems: Problems<Field>,
): FieldChecks<Field> {
  const shown: FieldChecks<Field>['shown'] = {};
  for (const field of fields) shown[field] = problems[field];
  return { shown, server: {} };
}

/** The server answered messages by field: those of the form's fields show (the others are the caller's). */
export function withServerMessages<Field extends string>(
  checks: FieldChecks<Field>,
  fields: readonly Field[],
  messages: Readonly<Record<string, string>>,
): FieldChecks<Field> {
  const server: Problems<Field> = {};
  for (const field of fields) if (messages[field] !== undefined) server[field] = messages[field];
  return { ...checks, server };
}

/** The first field, in the form's order, that shows a message (where the focus goes after sending). */
export function firstInvalid<Field extends string>(
  checks: FieldChecks<Field>,
  fields: readonly Field[],
): Field | undefined {
  return fields.find((field) => messageOf(checks, field) !== undefined);
}

/** Whether a set of problems has none. */
export function hasNoProblems<Field extends string>(problems: Problems<Field>): boolean {
  return Object.values(problems).every((problem) => problem === undefined);
}
