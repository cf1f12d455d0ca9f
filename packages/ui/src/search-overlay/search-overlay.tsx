import {
  SEARCH_DEBOUNCE_MS,
  SEARCH_PLACEHOLDER,
  SEARCH_QUERY_MAX_LENGTH,
  SEARCH_SCROLL_LOAD_DISTANCE_PX,
} from '@botica/domain';
import { useCallback, useEffect, useRef, useState } from 'react';
import {
  Dialog as AriaDialog,
  Autocomplete,
  Input,
  type Key,
  Label,
  ListBox,
  ListBoxItem,
  Modal,
  ModalOverlay,
  TextField,
} from 'react-aria-components';
import { Button, Spinner } from '../button/button.tsx';
import { IconButton } from '../icon-button/icon-button.tsx';
import { CloseIcon, ErrorIcon, SearchIcon } from '../icons/icons.tsx';
import { useDebouncedCallback } from '../internal/use-debounced-callback.ts';
import { ProductImage } from '../product-image/product-image.tsx';
import type { SearchHit, SearchResultsPage } from '../types.ts';

export interface SearchOverlayProps {
  /** Whether the overlay is open (the spec's 'search overlay open' flag). */
  isOpen: boolean;
  /** Called when it opens or closes (close button, Escape, a click outside, a chosen result). */
  onOpenChange: (isOpen: boolean) => void;
  /**
   * Runs a search: `POST /api/v1/search {query, page}` in the app. `page` is zero-based, as the
   * answer's `page` and `nbPages`.
   */
  onSearch: (query: string, page: number) => Promise<SearchResultsPage>;
  /** Called with the chosen result after the overlay closes; the app goes to `/products/{id}`. */
  onSelect: (hit: SearchHit) => void;
  /** The text the field starts with (e.g. what was typed in the search box). */
  initialQuery?: string;
  /**
   * The field's placeholder.
   * @default 'Buscar por referencia o nombre'
   */
  placeholder?: string;
  /**
   * Milliseconds without typing before searching.
   * @default 500
   */
  debounceMs?: number;
  /**
   * The next page is requested when the list is scrolled within this many pixels of its end.
   * @default 100
   */
  loadMoreDistancePx?: number;
  /**
   * What the overlay says when `onSearch` fails, from what it threw: the overlay is the one place
   * that explains a failed search. Undefined: that the search service cannot be reached.
   */
  describeError?: (error: unknown) => string | undefined;
}

const UNREACHABLE =
  'No es posible acceder al servicio de búsqueda. Comprueba tu conexión e inténtalo de nuevo.';

type Status = 'idle' | 'loading' | 'loading-more' | 'done' | 'error';

// Accents and case ignored, one character at a time so positions stay those of the original text.
const foldChar = (char: string) => (char.normalize('NFD')[0] ?? char).toLowerCase();
const fold = (text: string) => Array.from(text, foldChar).join('');

/** The name with the first match of the query marked. */
function Highlight({ text, query }: { text: string; query: string }) {
  const needle = fold(query.trim());
  const start = needle ? fold(text).indexOf(needle) : -1;
  if (start < 0) return <>{text}</>;
  const chars = Array.from(text);
  return (
    <>
      {chars.slice(0, start).join('')}
      <mark>{chars.slice(start, start + needle.length).join('')}</mark>
      {chars.slice(start + needle.length).join('')}
    </>
  );
}

/**
 * The advanced search: an overlay with an auto-focused field, a close button and
 * the results (name, reference and image). It searches after a 500 ms pause; empty text clears
 * the results and searches nothing; the next page loads when the list is scrolled within 100 px
 * of its end, while pages remain. Arrow keys move through the results, Enter opens one, Escape
 * closes the overlay.
 */
export function SearchOverlay({
  isOpen,
  onOpenChange,
  onSearch,
  onSelect,
  initialQuery = '',
  placeholder = SEARCH_PLACEHOLDER,
  debounceMs = SEARCH_DEBOUNCE_MS,
  loadMoreDistancePx = SEARCH_SCROLL_LOAD_DISTANCE_PX,
  describeError,
}: SearchOverlayProps) {
  const [errorText, setErrorText] = useState(UNREACHABLE);
  const [query, setQuery] = useState(initialQuery);
  const [hits, setHits] = useState<SearchHit[]>([]);
  const [page, setPage] = useState(0);
  const [nbPages, setNbPages] = useState(0);
  const [nbHits, setNbHits] = useState<number | undefined>(undefined);
  const [status, setStatus] = useState<Status>('idle');
  const [searchedQuery, setSearchedQuery] = useState('');
  const requestId = useRef(0);
  const scroller = useRef<HTMLElement>(null);

  const search = useCallback(
    async (text: string, pageToLoad: number) => {
      const id = ++requestId.current;
      setStatus(pageToLoad === 0 ? 'loading' : 'loading-more');
      try {
        const result = await onSearch(text, pageToLoad);
        if (id !== requestId.current) return;
        setHits((previous) => (pageToLoad === 0 ? result.hits : [...previous, ...result.hits]));
        setPage(result.page);
        setNbPages(result.nbPages);
        setNbHits(result.nbHits);
        setSearchedQuery(text);
        setStatus('done');
        if (pageToLoad === 0) scroller.current?.scrollTo({ top: 0 });
      } catch (error) {
        if (id !== requestId.current) return;
        setErrorText(describeError?.(error) ?? UNREACHABLE);
        setStatus('error');
      }
    },
    [onSearch, describeError],
  );

  const debounced = useDebouncedCallback((text: string) => void search(text, 0), debounceMs);

  const clear = useCallback(() => {
    debounced.cancel();
    requestId.current++;
    setHits([]);
    setPage(0);
    setNbPages(0);
    setNbHits(undefined);
    setSearchedQuery('');
    setStatus('idle');
  }, [debounced]);

  // A fresh start each time the overlay opens.
  useEffect(() => {
    if (!isOpen) return;
    setQuery(initialQuery);
    clear();
    if (initialQuery.trim()) debounced.call(initialQuery.trim());
  }, [isOpen, initialQuery, clear, debounced]);

  const onInputChange = (text: string) => {
    setQuery(text);
    if (text.trim() === '') clear();
    else debounced.call(text.trim());
  };

  const hasMore = page < nbPages - 1;
  const loadMoreIfNearEnd = () => {
    const element = scroller.current;
    if (!element || status !== 'done' || !hasMore) return;
    if (element.scrollHeight - element.scrollTop - element.clientHeight <= loadMoreDistancePx) {
      void search(searchedQuery, page + 1);
    }
  };

  const choose = (key: Key) => {
    const hit = hits.find((candidate) => String(candidate.id) === String(key));
    if (!hit) return;
    onOpenChange(false);
    onSelect(hit);
  };

  const statusText =
    status === 'loading'
      ? 'Buscando…'
      : status === 'loading-more'
        ? 'Cargando más resultados…'
        : status === 'done'
          ? hits.length === 0
            ? `No hay productos para «${searchedQuery}»`
            : `${nbHits ?? hits.length} ${(nbHits ?? hits.length) === 1 ? 'resultado' : 'resultados'}`
          : status === 'error'
            ? 'No se ha podido buscar'
            : 'Escribe una referencia o un nombre de producto.';

  return (
    <ModalOverlay isOpen={isOpen} onOpenChange={onOpenChange} isDismissable className="bt-search-overlay">
      <Modal className="bt-search-overlay__modal">
        <AriaDialog aria-label="Búsqueda de productos" className="bt-search-overlay__dialog">
          <Autocomplete inputValue={query} onInputChange={onInputChange}>
            <div className="bt-search-overlay__bar">
              <TextField className="bt-search-overlay__field">
                <Label className="bt-visually-hidden">{placeholder}</Label>
                <SearchIcon className="bt-search-overlay__icon" size={22} />
                <Input
                  className="bt-search-overlay__input"
                  placeholder={placeholder}
                  autoFocus
                  enterKeyHint="search"
                  maxLength={SEARCH_QUERY_MAX_LENGTH}
                />
                {status === 'loading' ? <Spinner size={20} /> : null}
              </TextField>
              <IconButton label="Cerrar búsqueda" onPress={() => onOpenChange(false)}>
                <CloseIcon />
              </IconButton>
            </div>
            <p className="bt-search-overlay__status" role="status">
              {statusText}
            </p>
            {status === 'error' ? (
              <div className="bt-search-overlay__error">
                <ErrorIcon size={28} />
                <p>{errorText}</p>
                <Button variant="secondary" onPress={() => void search(query.trim(), 0)}>
                  Reintentar
                </Button>
              </div>
            ) : (
              <section
                className="bt-search-overlay__results"
                ref={scroller}
                onScroll={loadMoreIfNearEnd}
                // Scrollable, so reachable by keyboard too (the options use virtual focus).
                // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be focusable
                tabIndex={0}
                aria-label="Lista de resultados"
              >
                <ListBox
                  aria-label="Resultados de la búsqueda"
                  items={hits}
                  onAction={choose}
                  className="bt-search-overlay__list"
                  hidden={hits.length === 0}
                >
                  {(hit) => (
                    <ListBoxItem id={hit.id} textValue={hit.name} className="bt-search-overlay__hit">
                      <ProductImage
                        image={hit.image}
                        size="miniproduct"
                        alt=""
                        className="bt-search-overlay__thumb"
                      />
                      <span className="bt-search-overlay__hit-text">
                        <span className="bt-search-overlay__hit-name">
                          <Highlight text={hit.name} query={searchedQuery} />
                        </span>
                        {hit.reference ? (
                          <span className="bt-search-overlay__hit-ref">{hit.reference}</span>
                        ) : null}
                      </span>
                    </ListBoxItem>
                  )}
                </ListBox>
                {status === 'loading-more' ? (
                  <div className="bt-search-overlay__more" aria-hidden="true">
                    <Spinner size={20} />
                  </div>
                ) : null}
              </section>
            )}
          </Autocomplete>
        </AriaDialog>
      </Modal>
    </ModalOverlay>
  );
}
