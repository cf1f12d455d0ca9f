import { SEARCH_PLACEHOLDER } from '@botica/domain';
import { useEffect, useState } from 'react';
import { Button as AriaButton } from 'react-aria-components';
import { SearchIcon } from '../icons/icons.tsx';
import { cx } from '../internal/class-names.ts';
import type {
  SearchOverlay as SearchOverlayComponent,
  SearchOverlayProps,
} from '../search-overlay/search-overlay.tsx';

// The overlay (a modal, an autocomplete and a list box) is a third of the page's UI code: it loads
// once the page is idle, or at once when the box is used first.
type Overlay = typeof SearchOverlayComponent;
let loadedOverlay: Overlay | null = null;
let overlayLoad: Promise<Overlay> | null = null;
function loadOverlay(): Promise<Overlay> {
  overlayLoad ??= import('../search-overlay/search-overlay.tsx').then(({ SearchOverlay }) => {
    loadedOverlay = SearchOverlay;
    return SearchOverlay;
  });
  return overlayLoad;
}

/** The overlay component once its code is here; starts fetching it when the page is idle, or when `isNeeded`. */
function useSearchOverlay(isNeeded: boolean): Overlay | null {
  // A function: useState would call a component given as the initial value.
  const [overlay, setOverlay] = useState<Overlay | null>(() => loadedOverlay);
  useEffect(() => {
    if (overlay !== null) return;
    let isCurrent = true;
    const load = () => void loadOverlay().then((loaded) => isCurrent && setOverlay(() => loaded));
    if (isNeeded) load();
    // Safari has no requestIdleCallback.
    const hasIdle = 'requestIdleCallback' in window;
    const idle = hasIdle
      ? window.requestIdleCallback(load, { timeout: 3000 })
      : window.setTimeout(load, 1000);
    return () => {
      isCurrent = false;
      if (hasIdle) window.cancelIdleCallback(idle);
      else window.clearTimeout(idle);
    };
  }, [overlay, isNeeded]);
  return overlay;
}

export interface SearchBoxProps
  extends Pick<
    SearchOverlayProps,
    'onSearch' | 'onSelect' | 'debounceMs' | 'loadMoreDistancePx' | 'describeError'
  > {
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
 * The search box of the home, catalogue and product pages: it looks like a field with
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
  // What was typed on the box before the overlay's code arrived (its field then starts with it).
  const [typedEarly, setTypedEarly] = useState('');
  const open = isOpen ?? localOpen;
  const SearchOverlay = useSearchOverlay(open);
  const setOpen = (next: boolean) => {
    if (isOpen === undefined) setLocalOpen(next);
    if (!next) setTypedEarly('');
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
            if (SearchOverlay === null) {
              // No field to type into yet: keep the character for it, and keep it from landing
              // in the field as well should the field appear before the key is done.
              event.preventDefault();
              setTypedEarly((typed) => typed + event.key);
            }
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
      {SearchOverlay ? (
        <SearchOverlay
          {...overlay}
          isOpen={open}
          onOpenChange={setOpen}
          placeholder={placeholder}
          initialQuery={typedEarly}
        />
      ) : null}
    </>
  );
}
