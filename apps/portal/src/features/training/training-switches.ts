/**
 * The training area's switches. Spec §2: the sub-menu's 'Newsletter' entry is for logged-in
 * pharmacists but "currently hidden". This is the one switch that shows it; the page itself
 * (/formacion/newsletters) works either way, for whoever has its address.
 */
export const SHOW_NEWSLETTER_IN_MENU = false;
