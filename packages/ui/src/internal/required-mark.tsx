// A module of its own, without react-aria: the light LoginForm shows the mark too.

/** The visible mark of a required field (its input is `required`, which is what is announced). */
export function RequiredMark() {
  return (
    <span className="bt-field__required" aria-hidden="true">
      {' '}
      *
    </span>
  );
}
