/**
 * What the visitor has done to a page that is about to be rendered again, whole, by another tree
 * (a first screen painted without the router, handed over to the router: first-screen.tsx): the
 * text typed and the boxes ticked, the focus and the caret, the scroll. Read from the page before,
 * written into the same places after, in the same task, so nothing can be typed in between and
 * nothing is painted in between. The new tree renders the same markup; its fields are uncontrolled
 * (React keeps no copy of their text to contradict).
 */

/** A field's or a focusable element's place in the page, the same in both trees. */
type Place = string;

interface FieldState {
  place: Place;
  value: string;
  checked: boolean;
}

interface FocusState {
  place: Place;
  selection: { start: number; end: number; direction: 'forward' | 'backward' | 'none' } | null;
}

/** What {@link restorePage} puts back. */
export interface PageSnapshot {
  fields: FieldState[];
  /** Null when nothing inside the container had the focus. */
  focus: FocusState | null;
  /** What had the focus outside the container (not the body), which keeps it. */
  focusOutside: HTMLElement | null;
  scroll: { x: number; y: number };
}

/** The fields whose state is the visitor's (not buttons, nor what the page itself fills in). */
const FIELDS =
  'input:not([type=hidden],[type=submit],[type=button],[type=reset],[type=file],[type=image]), textarea, select';

/** Whatever can take the focus, in document order. */
const FOCUSABLE = 'a[href], button, input, select, textarea, summary, [tabindex]';

type Field = HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement;

/**
 * A named field by its name (and its rank among fields of that name); anything else by its rank
 * among the focusable elements of its kind. The ids React makes (`useId`) depend on the tree, so
 * they do not name a place.
 */
function placeOf(element: Element, container: Element): Place | null {
  const name = element.getAttribute('name');
  const tag = element.tagName.toLowerCase();
  if (name) {
    const same = [...container.querySelectorAll(`${tag}[name="${CSS.escape(name)}"]`)];
    return `${tag}[name=${name}]#${same.indexOf(element)}`;
  }
  const rank = [...container.querySelectorAll(FOCUSABLE)]
    .filter((candidate) => candidate.tagName === element.tagName)
    .indexOf(element);
  return rank < 0 ? null : `${tag}#${rank}`;
}

function elementAt(place: Place, container: Element): HTMLElement | null {
  const named = /^([a-z]+)\[name=(.*)\]#(\d+)$/.exec(place);
  if (named) {
    const [, tag = '', name = '', rank = '0'] = named;
    const same = container.querySelectorAll<HTMLElement>(`${tag}[name="${CSS.escape(name)}"]`);
    return same[Number(rank)] ?? null;
  }
  const ranked = /^([a-z]+)#(\d+)$/.exec(place);
  if (!ranked) return null;
  const [, tag = '', rank = '0'] = ranked;
  const same = [...container.querySelectorAll<HTMLElement>(FOCUSABLE)].filter(
    (candidate) => candidate.tagName.toLowerCase() === tag,
  );
  return same[Number(rank)] ?? null;
}

/** The caret and selection of a text field, or null for a field without one (a checkbox). */
function selectionOf(element: Element): FocusState['selection'] {
  if (!(element instanceof HTMLInputElement || element instanceof HTMLTextAreaElement)) return null;
  try {
    const { selectionStart: start, selectionEnd: end, selectionDirection } = element;
    if (start === null || end === null) return null;
    return { start, end, direction: selectionDirection ?? 'none' };
  } catch {
    return null;
  }
}

/** Reads the fields, the focus and the scroll of what `container` renders. */
export function snapshotPage(container: Element): PageSnapshot {
  const fields = [...container.querySelectorAll<Field>(FIELDS)].flatMap((field) => {
    const place = placeOf(field, container);
    if (place === null) return [];
    const checked = field instanceof HTMLInputElement && field.checked;
    return [{ place, value: field.value, checked }];
  });
  const active = document.activeElement;
  const isInside = active !== null && container.contains(active);
  const focusPlace = active && isInside ? placeOf(active, container) : null;
  return {
    fields,
    focus: active && focusPlace !== null ? { place: focusPlace, selection: selectionOf(active) } : null,
    focusOutside: active instanceof HTMLElement && !isInside && active !== document.body ? active : null,
    scroll: { x: window.scrollX, y: window.scrollY },
  };
}

/**
 * Writes a {@link snapshotPage} back into what `container` now renders: each field's text (or its
 * box), then the focus and caret where they were (nowhere inside, if they were nowhere inside: a
 * field that focuses itself on mount gives it back), then the scroll.
 */
export function restorePage(container: Element, snapshot: PageSnapshot): void {
  for (const { place, value, checked } of snapshot.fields) {
    const field = elementAt(place, container) as Field | null;
    if (field === null || !field.matches(FIELDS)) continue;
    if (field instanceof HTMLInputElement && (field.type === 'checkbox' || field.type === 'radio')) {
      field.checked = checked;
    } else if (field.value !== value) {
      field.value = value;
    }
  }
  const active = document.activeElement;
  const target = snapshot.focus === null ? null : elementAt(snapshot.focus.place, container);
  if (target !== null) {
    target.focus({ preventScroll: true });
    const selection = snapshot.focus?.selection;
    if (selection && (target instanceof HTMLInputElement || target instanceof HTMLTextAreaElement)) {
      try {
        target.setSelectionRange(selection.start, selection.end, selection.direction);
      } catch {
        // A field without a caret (an e-mail or number field) keeps the browser's.
      }
    }
  } else if (snapshot.focusOutside?.isConnected) {
    snapshot.focusOutside.focus({ preventScroll: true });
  } else if (active instanceof HTMLElement && container.contains(active)) {
    active.blur();
  }
  if (window.scrollX !== snapshot.scroll.x || window.scrollY !== snapshot.scroll.y) {
    window.scrollTo(snapshot.scroll.x, snapshot.scroll.y);
  }
}
