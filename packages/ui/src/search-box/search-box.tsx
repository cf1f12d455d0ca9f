import { SEARCH_PLACEHOLDER } from '@botica/domain';
import { useState } from 'react';
import { Button as AriaButton } from 'react-aria-components';
import { SearchIcon } from '../icons/icons.tsx';
import { cx } from '../internal/class-names.ts';
import { SearchOverlay, type SearchOverlayProps } from '../search-overlay/search-overlay.tsx';

export interface SearchBoxProps
  extends Pick<SearchOverlayProps, 'onSearch' | 'onSelect' | 'debounceMs' | 'loadMoreDistancePx'> {
  /**
   * The text of the box and of the overlay's field.
   * @default 'Buscar por referencia o nombre'
   */
  placeholder?: string;
  /** Whether the overlay is open (controlled: the spec's 'search overlay open' flag). */
  isOpen?: boolean;
  /** Called when the overlay opens or closes. */
  onOpenChange?: (isOpen: boolean) => void;
  /**
   * Disables the box.
   * @default false
   */
  isDisabled?: boolean;
  /**
   * `hero` is the large box of the home page; `compact` fits a toolbar.
   * @default 'hero'
   */
  size?: 'hero' | 'compact';
  /** Extra class names. */
  className?: string;
}

/**
 * The search box of the home, catalogue and product pages (spec §2): it looks like a field with
 * the placeholder 'Buscar por referencia o nombre' and opens the search overlay. Typing a
 * character on it opens the overlay and types it there.
 */
export function SearchBox({
  placeholder = SEARCH_PLACEHOLDER,
  isOpen,
  onOpenChange,
  isDisabled = false,
  size = 'hero',
  className,
  ...overlay
}: SearchBoxProps) {
  const [localOpen, setLocalOpen] = useState(false);
  const open = isOpen ?? localOpen;
  const setOpen = (next: boolean) => {
    if (isOpen === undefined) setLocalOpen(next);
    onOpenChange?.(next);
  };
  return (
    <>
      <AriaButton
        className={cx('bt-search-box', `bt-search-box--${size}`, className)}
        isDisabled={isDisabled}
        onPress={() => setOpen(true)}
        onKeyDown={(event) => {
          // A printable key opens the overlay; its auto-focused field then receives the character.
          if (
            event.key.length === 1 &&
            !event.ctrlKey &&
            !event.metaKey &&
            !event.altKey &&
            event.key !== ' '
          ) {
            setOpen(true);
          } else {
            event.continuePropagation();
          }
        }}
        aria-haspopup="dialog"
      >
        <SearchIcon size={size === 'hero' ? 24 : 20} className="bt-search-box__icon" />
        <span className="bt-search-box__placeholder">{placeholder}</span>
      </AriaButton>
      <SearchOverlay {...overlay} isOpen={open} onOpenChange={setOpen} placeholder={placeholder} />
    </>
  );
}
