/**
 * The laboratory that runs this installation, as the server names it in every page
 * (`<meta name="botica-laboratory" content="{json}">`, from its `LAB_*` settings): the footer, the
 * policy pages' header, the legal pages and the help contact read it, with no request of their own.
 * A page without it (Vite's dev server) shows the demo laboratory, which says so on the legal pages.
 * Checked with the domain's guard, not the endpoint's schema: a schema library would weigh on /login's
 * first load, which shows the footer.
 */
import { DEMO_LABORATORY, isLaboratory, type Laboratory } from '@botica/domain';

let read: Laboratory | undefined;

/** Reads the identity from a document (tests pass their own). */
export function laboratoryOf(doc: Pick<Document, 'querySelector'>): Laboratory {
  const content = doc.querySelector<HTMLMetaElement>('meta[name="botica-laboratory"]')?.content;
  if (!content) return DEMO_LABORATORY;
  try {
    const parsed: unknown = JSON.parse(content);
    return isLaboratory(parsed) ? parsed : DEMO_LABORATORY;
  } catch {
    return DEMO_LABORATORY;
  }
}

/** The page's laboratory, read once. */
export function pageLaboratory(): Laboratory {
  read ??= laboratoryOf(document);
  return read;
}
