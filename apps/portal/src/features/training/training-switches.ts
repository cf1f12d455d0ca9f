/**
 * The training area's switches. The sub-menu's 'Newsletter' entry is for logged-in
 * pharmacists but hidden for now. This is the one switch that shows it; the page itself
 * (/formacion/newsletters) works either way, for whoever has its address.
 */
export const SHOW_NEWSLETTER_IN_MENU = false;
