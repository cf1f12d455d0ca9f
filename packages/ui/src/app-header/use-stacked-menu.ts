import { type RefObject, useLayoutEffect, useState } from 'react';

/** Room kept between the menu and its neighbours before they count as touching (CSS pixels). */
const BREATHING_ROOM = 16;

/**
 * Whether the header's row is too narrow for the logo, the menu and the actions side by side: the
 * menu then moves to a second row, as on a tablet. The labels are the app's, and the cart's badge
 * grows with its count, so no fixed breakpoint knows where they stop fitting; the widths are measured
 * instead. What is measured (the logo, each menu link, the actions) is as wide on one row as on two,
 * so the answer never flips back and forth.
 */
export function useStackedMenu(inner: RefObject<HTMLElement | null>, itemsKey: string): boolean {
  const [isStacked, setStacked] = useState(false);
  // biome-ignore lint/correctness/useExhaustiveDependencies: the links are read from the DOM, which changes with the items
  useLayoutEffect(() => {
    const row = inner.current;
    const logo = row?.querySelector<HTMLElement>('.bt-app-header__logo');
    const menu = row?.querySelector<HTMLElement>('.bt-app-header__menu');
    const actions = row?.querySelector<HTMLElement>('.bt-app-header__actions');
    if (!row || !logo || !menu || !actions || typeof ResizeObserver === 'undefined') return;
    const links = [...menu.children] as HTMLElement[];
    const measure = () => {
      const rowStyle = getComputedStyle(row);
      const available =
        row.clientWidth - Number.parseFloat(rowStyle.paddingLeft) - Number.parseFloat(rowStyle.paddingRight);
      const columnGap = Number.parseFloat(rowStyle.columnGap) || 0;
      const linkGap = Number.parseFloat(getComputedStyle(menu).columnGap) || 0;
      const menuWidth =
        links.reduce((sum, link) => sum + link.getBoundingClientRect().width, 0) +
        linkGap * Math.max(0, links.length - 1);
      const needed =
        logo.getBoundingClientRect().width +
        menuWidth +
        actions.getBoundingClientRect().width +
        2 * columnGap +
        BREATHING_ROOM;
      setStacked(needed > available);
    };
    measure();
    const observer = new ResizeObserver(measure);
    for (const element of [row, logo, actions, ...links]) observer.observe(element);
    return () => observer.disconnect();
  }, [inner, itemsKey]);
  return isStacked;
}
