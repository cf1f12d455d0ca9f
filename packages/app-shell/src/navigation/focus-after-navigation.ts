/**
 * Focus never falls to the page's body: when what had the focus is gone (a chosen search result,
 * the send button of an order just sent, a removed cart line), it moves to the page's main heading,
 * so a keyboard or screen-reader user goes on from the top of the new content.
 */
import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router';

/** Whether the focus has fallen to the body (or to an element no longer in the page). */
function isFocusLost(): boolean {
  const active = document.activeElement;
  return active === null || active === document.body || !active.isConnected;
}

/**
 * Moves the focus to the page's main heading if it has fallen to the body. The heading takes it
 * without entering the tab order (`tabindex="-1"`), and the page does not scroll to it.
 */
export function focusPageHeadingIfLost(): void {
  if (!isFocusLost()) return;
  const heading = document.querySelector<HTMLElement>('main h1') ?? document.querySelector<HTMLElement>('h1');
  if (heading === null) return;
  if (!heading.hasAttribute('tabindex')) heading.setAttribute('tabindex', '-1');
  heading.focus({ preventScroll: true });
}

/** After every navigation but the first load, once the new page has rendered: `focusPageHeadingIfLost`. */
export function useFocusAfterNavigation(): void {
  const { key } = useLocation();
  const isFirst = useRef(true);
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs once per navigation, which the location's key names.
  useEffect(() => {
    if (isFirst.current) {
      isFirst.current = false;
      return;
    }
    // After the page's own effects (an auto-focused field keeps its focus).
    const timer = window.setTimeout(focusPageHeadingIfLost, 0);
    return () => window.clearTimeout(timer);
  }, [key]);
}
