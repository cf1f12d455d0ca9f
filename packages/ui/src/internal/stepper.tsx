import {
  decrementQuantity,
  incrementQuantity,
  normaliseQuantity,
  QUANTITY_MAX,
  QUANTITY_MIN,
} from '@botica/domain';
import {
  type KeyboardEvent,
  type PointerEvent,
  useEffect,
  useId,
  useLayoutEffect,
  useRef,
  useState,
} from 'react';
import { MinusIcon, PlusIcon } from '../icons/icons.tsx';
import { registerPendingEdit } from '../pending-edits/pending-edits.ts';
import { announce } from './announce.ts';
import { cx } from './class-names.ts';

/** The field takes no more digits than the largest quantity has (9999: four). */
const QUANTITY_DIGITS = String(QUANTITY_MAX).length;

export interface StepperProps {
  /** The accessible name of the field; the buttons are 'Reducir …' and 'Aumentar …' it. */
  'aria-label': string;
  /** The quantity shown (whole units, at least 1). */
  value: number;
  /** Called with the new quantity (a whole number, at least 1) when it changes. */
  onChange: (quantity: number) => void;
  /** Disables the field and its buttons. @default false */
  isDisabled?: boolean;
  /** Extra class names of the group. */
  className?: string;
}

/**
 * A product card's quantity: − and + around a whole-number field, as react-aria's `NumberField`
 * behaves for it (the field in the tab order, the buttons out of it; ↑ and ↓, Page ↑ and Page ↓,
 * Home for 1; what is typed is committed on leaving the field or on Enter, as an integer and never
 * below 1) on plain elements: the catalogue renders two dozen of them at once. A number typed and
 * not committed yet is a pending edit: `flushPendingEdits()` commits it, so 'Añadir' adds it.
 */
export function Stepper({
  'aria-label': label,
  value,
  onChange,
  isDisabled = false,
  className,
}: StepperProps) {
  const inputId = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  // What is being typed; null shows `value`.
  const [draft, setDraft] = useState<string | null>(null);
  const pointerType = useRef('');

  const set = (quantity: number) => {
    const shown = draft ?? String(value);
    setDraft(null);
    if (quantity !== value) onChange(quantity);
    // The field's new value, read out while it has the focus (as react-aria's field does).
    if (String(quantity) !== shown && document.activeElement === inputRef.current) announce(String(quantity));
  };
  const current = () => (draft === null ? value : normaliseQuantity(draft));
  const commit = () => {
    if (draft !== null) set(normaliseQuantity(draft));
  };
  const commitRef = useRef(commit);
  useLayoutEffect(() => {
    commitRef.current = commit;
  });
  const hasDraft = draft !== null;
  useEffect(() => (hasDraft ? registerPendingEdit(() => commitRef.current()) : undefined), [hasDraft]);
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    switch (event.key) {
      case 'ArrowUp':
      case 'PageUp':
        event.preventDefault();
        set(incrementQuantity(current()));
        break;
      case 'ArrowDown':
      case 'PageDown':
        event.preventDefault();
        set(decrementQuantity(current()));
        break;
      case 'Home':
        event.preventDefault();
        set(QUANTITY_MIN);
        break;
      case 'End':
        event.preventDefault();
        set(QUANTITY_MAX);
        break;
      case 'Enter':
        commit();
        break;
    }
  };
  // As react-aria's buttons: a mouse press leaves the focus in the field (or where it was), a touch
  // press does not open the on-screen keyboard.
  const buttonProps = {
    type: 'button' as const,
    tabIndex: -1,
    'aria-controls': inputId,
    className: 'bt-input-group__button',
    onPointerDown: (event: PointerEvent<HTMLButtonElement>) => {
      pointerType.current = event.pointerType;
    },
    onMouseDown: (event: { preventDefault: () => void }) => {
      event.preventDefault();
      if (pointerType.current === 'mouse') inputRef.current?.focus();
    },
  };
  const shown = current();

  return (
    // biome-ignore lint/a11y/useSemanticElements: a fieldset's rendering (min-content width, its legend) does not suit an inline field; react-aria's group is a div with this role too.
    <div
      role="group"
      className={cx('bt-input-group bt-stepper', className)}
      data-disabled={isDisabled || undefined}
    >
      <button
        {...buttonProps}
        aria-label={`Reducir ${label}`}
        disabled={isDisabled || shown <= QUANTITY_MIN}
        onClick={() => set(decrementQuantity(current()))}
      >
        <MinusIcon size={18} />
      </button>
      <input
        ref={inputRef}
        id={inputId}
        className="bt-input bt-number-field__input"
        type="text"
        inputMode="numeric"
        autoComplete="off"
        autoCorrect="off"
        spellCheck={false}
        aria-label={label}
        aria-roledescription="Campo de número"
        disabled={isDisabled}
        maxLength={QUANTITY_DIGITS}
        value={draft ?? String(value)}
        onChange={(event) => setDraft(event.target.value)}
        onBlur={commit}
        onKeyDown={onKeyDown}
      />
      <button
        {...buttonProps}
        aria-label={`Aumentar ${label}`}
        disabled={isDisabled || shown >= QUANTITY_MAX}
        onClick={() => set(incrementQuantity(current()))}
      >
        <PlusIcon size={18} />
      </button>
    </div>
  );
}
