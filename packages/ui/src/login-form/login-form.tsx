import { type FormEvent, type ReactNode, useId, useRef, useState } from 'react';
import { FormAlert, firstFieldErrors, type ServerFieldErrors } from '../form/form-alert.tsx';
import { EyeIcon, EyeOffIcon } from '../icons/icons.tsx';
import { cx } from '../internal/class-names.ts';
import { PlainButton } from '../internal/plain-button.tsx';
import { RequiredMark } from '../internal/required-mark.tsx';

/** What the pharmacist typed: the password exactly, the user without surrounding spaces. */
export interface LoginCredentials {
  username: string;
  password: string;
}

/** The messages of an empty field, in the portal's Spanish. */
export const LOGIN_FORM_MESSAGES = {
  username: 'Introduce tu usuario.',
  password: 'Introduce tu contraseña.',
} as const;

type Field = keyof LoginCredentials;

/**
 * What a login form keeps beside the text in its fields: the password shown or hidden, and the
 * empty fields whose message it shows. Kept in an object outside the form when one is given, so
 * that a form mounted later in its place goes on as this one left it (the portal's login page,
 * painted before its router and handed over to it: docs/decisions/028).
 */
export interface LoginFormDraft {
  isPasswordVisible: boolean;
  emptyFields: ReadonlySet<Field>;
}

/**
 * A new draft for `LoginForm`'s `draft`: the password hidden, no empty field named.
 * @example const draft = createLoginFormDraft(); // once, outside the component
 */
export function createLoginFormDraft(): LoginFormDraft {
  return { isPasswordVisible: false, emptyFields: new Set() };
}

export interface LoginFormProps {
  /** Called with both fields filled in; an empty field shows its message and takes the focus instead. */
  onSubmit: (credentials: LoginCredentials) => void;
  /** While the login is under way: the button shows a spinner and the form cannot be sent again. */
  isPending?: boolean;
  /** A message about the whole login (e.g. the server's, when it names no field), above the fields. */
  errorMessage?: ReactNode;
  /**
   * The server's errors by field (`username`, `password`): the first message of each under its
   * field, until that field's value changes.
   */
  fieldErrors?: ServerFieldErrors | null | undefined;
  /** Nothing can be typed or sent (e.g. while the portal is under maintenance). @default false */
  isDisabled?: boolean;
  /** Focus the user field on mount (the login page's only task). @default false */
  autoFocus?: boolean;
  /** The submit button's label. @default 'Entrar' */
  submitLabel?: string;
  /**
   * Where the form keeps the password's visibility and the empty fields' messages (its typed text
   * is in its fields): an object made once outside it (`createLoginFormDraft`), so that a form
   * mounted again in its place shows what this one did. @default the form's own state
   */
  draft?: LoginFormDraft | undefined;
  /** Extra class names. */
  className?: string;
}

/**
 * The login form: 'Usuario', 'Contraseña' (with 'Mostrar contraseña') and 'Entrar', with the
 * Spanish messages of empty fields and the server's messages under the fields. Plain elements, the
 * same looks as `TextField` and `PasswordField`, without react-aria's hooks: it is the first
 * screen most visits render, and the lightest possible (docs/decisions/006).
 * @example <LoginForm onSubmit={logIn} isPending={isPending} fieldErrors={error?.fieldErrors} autoFocus />
 */
export function LoginForm({
  onSubmit,
  isPending = false,
  errorMessage,
  fieldErrors,
  isDisabled = false,
  autoFocus = false,
  submitLabel = 'Entrar',
  draft,
  className,
}: LoginFormProps) {
  const id = useId();
  const usernameRef = useRef<HTMLInputElement>(null);
  const passwordRef = useRef<HTMLInputElement>(null);
  const [isVisible, setVisibleState] = useState(draft?.isPasswordVisible ?? false);
  const [emptyFields, setEmptyFieldsState] = useState<ReadonlySet<Field>>(draft?.emptyFields ?? new Set());
  const setVisible = (visible: boolean) => {
    if (draft) draft.isPasswordVisible = visible;
    setVisibleState(visible);
  };
  const setEmptyFields = (fields: ReadonlySet<Field>) => {
    if (draft) draft.emptyFields = fields;
    setEmptyFieldsState(fields);
  };
  // The server's messages stay until their field changes: the fields edited since these errors
  // came (new errors from the server show again).
  const [edits, setEdits] = useState({ since: fieldErrors, fields: new Set<Field>() as ReadonlySet<Field> });
  const editedFields = edits.since === fieldErrors ? edits.fields : new Set<Field>();
  const fromServer = fieldErrors ? firstFieldErrors(fieldErrors) : {};

  const messageOf = (field: Field): string | undefined =>
    emptyFields.has(field)
      ? LOGIN_FORM_MESSAGES[field]
      : editedFields.has(field)
        ? undefined
        : fromServer[field];

  const edited = (field: Field) => {
    if (emptyFields.has(field)) setEmptyFields(without(emptyFields, field));
    if (!editedFields.has(field)) setEdits({ since: fieldErrors, fields: new Set(editedFields).add(field) });
  };

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (isPending || isDisabled) return;
    const username = usernameRef.current?.value.trim() ?? '';
    const password = passwordRef.current?.value ?? '';
    const empty = new Set<Field>();
    if (username === '') empty.add('username');
    if (password === '') empty.add('password');
    setEmptyFields(empty);
    if (empty.size > 0) {
      (empty.has('username') ? usernameRef : passwordRef).current?.focus();
      return;
    }
    onSubmit({ username, password });
  }

  const usernameError = messageOf('username');
  const passwordError = messageOf('password');
  return (
    <form className={cx('bt-form bt-login-form', className)} noValidate onSubmit={submit}>
      <FormAlert message={errorMessage} />
      <div className="bt-field">
        <label className="bt-field__label" htmlFor={`${id}-username`}>
          Usuario
          <RequiredMark />
        </label>
        <input
          ref={usernameRef}
          id={`${id}-username`}
          className="bt-input"
          name="username"
          autoComplete="username"
          autoCapitalize="off"
          spellCheck={false}
          required
          disabled={isDisabled}
          data-disabled={isDisabled || undefined}
          // biome-ignore lint/a11y/noAutofocus: the login page has one task; its first field takes the focus.
          autoFocus={autoFocus}
          aria-invalid={usernameError ? true : undefined}
          aria-describedby={usernameError ? `${id}-username-error` : undefined}
          data-invalid={usernameError ? true : undefined}
          onChange={() => edited('username')}
        />
        <FieldMessage id={`${id}-username-error`} message={usernameError} />
      </div>
      <div className="bt-field">
        <label className="bt-field__label" htmlFor={`${id}-password`}>
          Contraseña
          <RequiredMark />
        </label>
        <div
          className="bt-input-group"
          data-invalid={passwordError ? true : undefined}
          data-disabled={isDisabled || undefined}
        >
          <input
            ref={passwordRef}
            id={`${id}-password`}
            className="bt-input"
            name="password"
            type={isVisible ? 'text' : 'password'}
            autoComplete="current-password"
            autoCapitalize="off"
            spellCheck={false}
            required
            disabled={isDisabled}
            aria-invalid={passwordError ? true : undefined}
            aria-describedby={passwordError ? `${id}-password-error` : undefined}
            onChange={() => edited('password')}
          />
          <button
            type="button"
            className="bt-input-group__button"
            aria-label={isVisible ? 'Ocultar contraseña' : 'Mostrar contraseña'}
            disabled={isDisabled}
            data-disabled={isDisabled || undefined}
            onClick={() => setVisible(!isVisible)}
          >
            {isVisible ? <EyeOffIcon /> : <EyeIcon />}
          </button>
        </div>
        <FieldMessage id={`${id}-password-error`} message={passwordError} />
      </div>
      <PlainButton type="submit" size="lg" isFullWidth isPending={isPending} isDisabled={isDisabled}>
        {submitLabel}
      </PlainButton>
    </form>
  );
}

function FieldMessage({ id, message }: { id: string; message: string | undefined }) {
  return message ? (
    <div id={id} className="bt-field__error">
      {message}
    </div>
  ) : null;
}

function without<T>(set: ReadonlySet<T>, value: T): ReadonlySet<T> {
  const next = new Set(set);
  next.delete(value);
  return next;
}
