/**
 * The app's header as the page's HTML paints it, before any script: the band of `AppHeader`
 * (@botica/ui) with its logo and the lab's name, in the same elements and classes, so it stands
 * exactly where the header will. Its menu and actions are empty places: what they hold depends on
 * who is there. Its menu's row is folded below the logo, as `AppHeader` folds it when the menu does
 * not fit beside it: always on a phone or a tablet, and at a laptop's width for the portal's and the
 * back office's menus; on a desk wide enough for the menu beside the logo, the logo moves up into
 * the one row when the page comes.
 *
 * The server puts it inside the app's root for a session with data on a page whose layout starts with
 * the header (the route manifests' `hasHeader`); React's first commit, once the router has the
 * page, replaces it with the whole page (`renderWhenInitialized`). Until then it is what the
 * pharmacist sees instead of a blank page while the scripts arrive: hidden from assistive
 * technologies and inert, as a picture of the header, not a second one.
 */

/** `AppHeader`'s leaf (@botica/ui's `LeafIcon` at 22 px), as static SVG. */
const LEAF = [
  '<svg xmlns="http://www.w3.org/2000/svg" width="22" height="22" viewBox="0 0 24 24" fill="none"',
  ' stroke="currentColor" stroke-width="1.75" stroke-linecap="round" stroke-linejoin="round"',
  ' focusable="false" aria-hidden="true">',
  '<path d="M5 19c0-8 5-13.5 15-14-.5 10-6 15-14 15"></path><path d="M5 19c2.5-4 5.5-6.8 9-8.5"></path>',
  '</svg>',
].join('');

const escapeHtml = (text: string) =>
  text.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;').replaceAll('"', '&quot;');

/**
 * The header's first paint for an app whose header names the lab `labName` (`AppHeader`'s prop).
 * @example headerFirstPaint('Botica Back office')
 */
export function headerFirstPaint(labName: string): string {
  return [
    // Folded, as the apps' menus are at a laptop's width (AppHeader measures it; nothing here can).
    '<header class="bt-app-header bt-app-header--stacked" data-first-paint="" aria-hidden="true" inert>',
    '<div class="bt-app-header__inner">',
    '<span class="bt-app-header__logo">',
    `<span class="bt-app-header__logo-mark">${LEAF}</span>`,
    `<span class="bt-app-header__logo-text">${escapeHtml(labName)}</span>`,
    '</span>',
    // The menu's and the actions' places, empty: the rows fall as the header's will (a blank link
    // gives the menu's row, below the logo on a phone or a tablet, its height).
    '<div class="bt-app-header__nav"><div class="bt-app-header__menu">',
    '<span class="bt-app-header__menu-link">&nbsp;</span>',
    '</div></div>',
    '<div class="bt-app-header__actions"></div>',
    '</div>',
    '</header>',
  ].join('');
}
