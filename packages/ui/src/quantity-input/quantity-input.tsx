import {
  decrementQuantity,
  incrementQuantity,
  normaliseQuantity,
  QUANTITY_DEBOUNCE_MS,
  QUANTITY_MAX,
  QUANTITY_MIN,
  unitLabel,
} from '@botica/domain';
import { useEffect, useId, useRef, useState } from 'react';
import { Button as AriaButton, Group, Input } from 'react-aria-components';
import { MinusIcon, PlusIcon } from '../icons/icons.tsx';
import { cx } from '../internal/class-names.ts';
import { useDebouncedCallback } from '../internal/use-debounced-callback.ts';

export interface QuantityInputProps {
  /** The line's saved quantity (from the cart). The field shows it whenever it changes. */
  value: number;
  /**
   * Called with the new quantity once the pharmacist has stopped typing or pressing − and + for
   * 500 ms (spec §4), only when it differs from `value`. Never below 1.
   */
  onChange: (quantity: number) => void;
  /**
   * Disables the field and its buttons, e.g. while the cart is saving (spec §4).
   * @default false
   */
  isDisabled?: boolean;
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
 * below 1 becomes 1 (spec §5). Changes are emitted after 500 ms without typing.
 * @example <QuantityInput value={line.quantity} onChange={(q) => updateLine(line.product.id, q)} isDisabled={cart.saving} />
 */
export function QuantityInput({
  value,
  onChange,
  isDisabled = false,
  productName,
  size = 'md',
  debounceMs = QUANTITY_DEBOUNCE_MS,
  className,
}: QuantityInputProps) {
  const [text, setText] = useState(String(value));
  const valueRef = useRef(value);
  const unitId = useId();

  useEffect(() => {
    valueRef.current = value;
    setText(String(value));
  }, [value]);

  const emit = useDebouncedCallback((quantity: number) => {
    setText(String(quantity));
    if (quantity !== valueRef.current) onChange(quantity);
  }, debounceMs);

  const quantity = normaliseQuantity(text);
  const change = (next: number) => {
    setText(String(next));
    emit.call(next);
  };
  const name = productName ? ` de ${productName}` : '';

  return (
    <Group
      className={cx('bt-quantity', `bt-quantity--${size}`, className)}
      aria-label={`Cantidad${name}`}
      isDisabled={isDisabled}
    >
      <AriaButton
        className="bt-quantity__button"
        aria-label={`Quitar una unidad${name}`}
        isDisabled={isDisabled || quantity <= QUANTITY_MIN}
        onPress={() => change(decrementQuantity(quantity))}
      >
        <MinusIcon size={18} />
      </AriaButton>
      <Input
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
        onKeyDown={(event) => {
          if (event.key === 'Enter') emit.flush();
        }}
        onFocus={(event) => event.target.select()}
      />
      <AriaButton
        className="bt-quantity__button"
        aria-label={`Añadir una unidad${name}`}
        isDisabled={isDisabled || quantity >= QUANTITY_MAX}
        onPress={() => change(incrementQuantity(quantity))}
      >
        <PlusIcon size={18} />
      </AriaButton>
      <span id={unitId} className="bt-quantity__unit">
        {unitLabel(quantity)}
      </span>
    </Group>
  );
}
