/**
 * Which message each field of an access form shows (spec §5), as plain state transitions: a
 * field's rule problem shows once the field is left with something in it, or the form is sent; it
 * is checked again at every change from then on, so it goes as soon as the field is right. The
 * server's message for a field (the first of a 422's, or of a 429's) shows until that field changes.
 */

/** Each field's first problem; a field without one is absent. */
export type Problems<Field extends string> = Partial<Record<Field, string>>;

/** What a form shows under its fields. */
export interface FieldChecks<Field extends string> {
  /** The rules' problems, for the fields already checked. */
  shown: Problems<Field>;
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

function withProblem<Field extends string>(
  problems: Problems<Field>,
  field: Field,
  problem: string | undefined,
): Problems<Field> {
  const next = { ...problems };
  if (problem === undefined) delete next[field];
  else next[field] = problem;
  return next;
}

/**
 * The field was left: its problem shows, unless it was left empty without having been checked
 * (tabbing through the form does not fill it with 'obligatorio').
 */
export function afterBlur<Field extends string>(
  checks: FieldChecks<Field>,
  field: Field,
  value: string,
  problems: Problems<Field>,
): FieldChecks<Field> {
  if (value.trim() === '' && !(field in checks.shown)) return checks;
  return { ...checks, shown: withProblem(checks.shown, field, problems[field]) };
}

/** The field changed: the server's message goes, and a shown problem follows the new value. */
export function afterChange<Field extends string>(
  checks: FieldChecks<Field>,
  field: Field,
  problems: Problems<Field>,
): FieldChecks<Field> {
  const server = withProblem(checks.server, field, undefined);
  const shown = field in checks.shown ? withProblem(checks.shown, field, problems[field]) : checks.shown;
  return { shown, server };
}

/** The form was sent: every field's problem shows; the server's messages wait for its new answer. */
export function afterSubmit<Field extends string>(
  _checks: FieldChecks<Field>,
  problems: Problems<Field>,
): FieldChecks<Field> {
  return { shown: { ...problems }, server: {} };
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
  return Object.keys(problems).length === 0;
}
