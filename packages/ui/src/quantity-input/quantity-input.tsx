import {
  decrementQuantity,
  incrementQuantity,
  normaliseQuantity,
  QUANTITY_DEBOUNCE_MS,
  QUANTITY_MAX,
  QUANTITY_MIN,
  unitLabel,
} from '@botica/domain';
import { type KeyboardEvent, useEffect, useId, useRef, useState } from 'react';
import { Button as AriaButton, Group, Input, type PressEvent } from 'react-aria-components';
import { MinusIcon, PlusIcon } from '../icons/icons.tsx';
import { cx } from '../internal/class-names.ts';
import { useDebouncedCallback } from '../internal/use-debounced-callback.ts';

export interface QuantityInputProps {
  /** The line's saved quantity (from the cart). The field shows it whenever it changes. */
  value: number;
  /**
   * Called with the new quantity once the pharmacist has stopped typing or pressing − and + for
   * 500 ms, only when it differs from `value`. Never below 1.
   */
  onChange: (quantity: number) => void;
  /**
   * Disables the field and its buttons (a product that cannot be ordered). Not for a cart that is
   * saving: a disabled control drops the keyboard focus; use `isPending`.
   * @default false
   */
  isDisabled?: boolean;
  /**
   * Shows that the quantity is being saved (`aria-busy`) while the field stays usable: a change made
   * meanwhile is saved after the running save.
   * @default false
   */
  isPending?: boolean;
  /** The product's name, for the accessible names ('Cantidad de …'). */
  productName?: string;
  /**
   * The height: `md` is a 44 px touch target, `sm` 32 px for dense lists such as the mini cart.
   * @default 'md'
   */
  size?: 'sm' | 'md';
  /**
   * Milliseconds without typing before `onChange` (the spec's 500 ms; only tests change it).
   * @default 500
   */
  debounceMs?: number;
  /** Extra class names. */
  className?: string;
}

/**
 * The quantity of a cart line: − and + buttons around a whole-number field and the unit label
 * ('ud' for 1, 'uds' otherwise). Whatever is typed is parsed as an integer; text or anything
 * below 1 becomes 1; ↑ and ↓ (and Page ↑, Page ↓) change it by one. Changes are emitted
 * after 500 ms without typing or pressing, or at once when an action calls `flushPendingEdits()`,
 * the field is left, Enter is pressed or the field unmounts (leaving the page): what the field shows
 * is never lost nor overtaken by an older value.
 * @example <QuantityInput value={line.quantity} onChange={(q) => updateLine(line.product.id, q)} isPending={cart.saving} />
 */
export function QuantityInput({
  value,
  onChange,
  isDisabled = false,
  isPending = false,
  productName,
  size = 'md',
  debounceMs = QUANTITY_DEBOUNCE_MS,
  className,
}: QuantityInputProps) {
  const [text, setText] = useState(String(value));
  const valueRef = useRef(value);
  const inputRef = useRef<HTMLInputElement>(null);
  const minusRef = useRef<HTMLButtonElement>(null);
  const plusRef = useRef<HTMLButtonElement>(null);
  const unitId = useId();

  useEffect(() => {
    valueRef.current = value;
    setText(String(value));
  }, [value]);

  const emit = useDebouncedCallback(
    (quantity: number) => {
      setText(String(quantity));
      if (quantity !== valueRef.current) onChange(quantity);
    },
    debounceMs,
    { isEdit: true },
  );

  const quantity = normaliseQuantity(text);
  const change = (next: number) => {
    setText(String(next));
    emit.call(next);
  };
  /**
   * A button pressed to the end of the range is disabled: the focus it holds would fall to the page,
   * so it moves first, to the field for a keyboard (where ↑ and ↓ go on) or to the other button.
   */
  const press = (next: number, event: PressEvent, limit: number) => {
    const button = event.target;
    if (next === limit && document.activeElement === button) {
      const target = event.pointerType === 'keyboard' || event.pointerType === 'virtual' ? inputRef : null;
      (target?.current ?? (button === minusRef.current ? plusRef.current : minusRef.current))?.focus();
    }
    change(next);
  };
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    switch (event.key) {
      case 'Enter':
        emit.flush();
        break;
      case 'ArrowUp':
      case 'PageUp':
        event.preventDefault();
        change(incrementQuantity(quantity));
        break;
      case 'ArrowDown':
      case 'PageDown':
        event.preventDefault();
        change(decrementQuantity(quantity));
        break;
    }
  };
  const name = productName ? ` de ${productName}` : '';

  return (
    <Group
      className={cx('bt-quantity', `bt-quantity--${size}`, className)}
      aria-label={`Cantidad${name}`}
      aria-busy={isPending || undefined}
      data-pending={isPending || undefined}
      isDisabled={isDisabled}
    >
      <AriaButton
        ref={minusRef}
        className="bt-quantity__button"
        aria-label={`Quitar una unidad${name}`}
        isDisabled={isDisabled || quantity <= QUANTITY_MIN}
        onPress={(event) => press(decrementQuantity(quantity), event, QUANTITY_MIN)}
      >
        <MinusIcon size={18} />
      </AriaButton>
      <Input
        ref={inputRef}
        className="bt-quantity__input"
        aria-label={`Cantidad${name}`}
        aria-describedby={unitId}
        inputMode="numeric"
        autoComplete="off"
        disabled={isDisabled}
        maxLength={String(QUANTITY_MAX).length}
        value={text}
        onChange={(event) => {
          setText(event.target.value);
          emit.call(normaliseQuantity(event.target.value));
        }}
        onBlur={() => {
          // Leaving the field commits what was typed at once: a quick click on 'Añadir' or
          // 'ENVIAR PEDIDO' right after typing must not use the previous quantity.
          setText(String(normaliseQuantity(text)));
          emit.flush();
        }}
        onKeyDown={onKeyDown}
        onFocus={(event) => event.target.select()}
      />
      <AriaButton
        ref={plusRef}
        className="bt-quantity__button"
        aria-label={`Añadir una unidad${name}`}
        isDisabled={isDisabled || quantity >= QUANTITY_MAX}
        onPress={(event) => press(incrementQuantity(quantity), event, QUANTITY_MAX)}
      >
        <PlusIcon size={18} />
      </AriaButton>
      <span id={unitId} className="bt-quantity__unit">
        {unitLabel(quantity)}
      </span>
    </Group>
  );
}
