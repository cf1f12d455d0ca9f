/**
 * Room for the sticky header whenever the page scrolls something into view (a focused field, a
 * `#fragment`, `scrollIntoView`): the header's height, measured as it changes (it wraps on narrow
 * screens and zoom), is kept in `--site-header-height` on the root, which site-chrome.css turns into
 * the page's `scroll-padding-top` (WCAG 2.4.11: a focused control is never hidden under it).
 */
import { type RefObject, useEffect } from 'react';

export function useHeaderRoom(site: RefObject<HTMLElement | null>): void {
  useEffect(() => {
    const header = site.current?.querySelector<HTMLElement>(':scope > header');
    const root = document.documentElement;
    if (!header || typeof ResizeObserver === 'undefined') return;
    const measure = () => {
      const isSticky = getComputedStyle(header).position === 'sticky';
      root.style.setProperty('--site-header-height', `${isSticky ? header.offsetHeight : 0}px`);
    };
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(header);
    return () => {
      observer.disconnect();
      root.style.removeProperty('--site-header-height');
    };
  }, [site]);
}
