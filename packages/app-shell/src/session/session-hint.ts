/**
 * What the server said in the page about the session it served it to (`<meta name="botica-session">`:
 * 'client', 'other' or 'none'), until this page logs in or out. With 'none' the app knows the
 * visitor is anonymous without asking `GET /api/v1/user`, whose 401 every anonymous first visit
 * otherwise logged in the browser's console. Null when the page has no hint (the dev server).
 */
export type SessionHint = 'client' | 'other' | 'none';

let forgotten = false;

/** The page's session hint, or null when there is none or the session has changed since. */
export function sessionHint(doc: Pick<Document, 'querySelector'> = document): SessionHint | null {
  if (forgotten) return null;
  const content = doc.querySelector<HTMLMetaElement>('meta[name="botica-session"]')?.content;
  return content === 'client' || content === 'other' || content === 'none' ? content : null;
}

/** The session changed in this page (login, logout): the hint no longer says anything. */
export function forgetSessionHint(): void {
  forgotten = true;
}
