/**
 * Reads a short message to screen-reader users at once, as react-aria's live announcer does for its
 * number fields: one visually hidden assertive live region, created on first use and shared.
 */
let region: HTMLElement | null = null;
let clearTimer: ReturnType<typeof setTimeout> | undefined;

export function announce(message: string): void {
  if (typeof document === 'undefined') return;
  if (region === null || !region.isConnected) {
    region = document.createElement('div');
    region.className = 'bt-visually-hidden';
    region.setAttribute('aria-live', 'assertive');
    region.setAttribute('data-live-announcer', 'true');
    document.body.append(region);
  }
  // A new node each time, so the same text twice is read twice.
  const node = document.createElement('div');
  node.textContent = message;
  region.replaceChildren(node);
  clearTimeout(clearTimer);
  clearTimer = setTimeout(() => region?.replaceChildren(), 7000);
}
