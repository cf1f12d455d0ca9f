/**
 * The frame of a legal page: the title, the date of the last revision, a
 * notice while the laboratory's data are still the demo's, a table of contents whose links move the
 * focus to their section, and the sections, each with its own heading and anchor.
 */

import { useDocumentTitle } from '@botica/app-shell';
import { formatLongDate, type Laboratory } from '@botica/domain';
import type { MouseEvent, ReactNode } from 'react';

/** One section of a legal page: its anchor, heading and content. */
export interface LegalSection {
  id: string;
  title: string;
  content: ReactNode;
}

export interface LegalDocumentProps {
  /** Whose page it is (its name in the eyebrow; the demo notice while its data are the demo's). */
  laboratory: Laboratory;
  title: string;
  /** The date of the last revision of the text, `YYYY-MM-DD`. */
  updated: string;
  /** What the page is about, before the contents. */
  intro: ReactNode;
  sections: readonly LegalSection[];
}

/**
 * Follows a contents link without a navigation of the router (which would count a page view and
 * restore the scroll): scrolls to the section, gives its heading the focus, so Tab goes on from
 * there, and writes the anchor into the address, keeping the router's history entry.
 */
function goToSection(event: MouseEvent<HTMLAnchorElement>, id: string): void {
  if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
  const heading = document.getElementById(`${id}-titulo`);
  if (heading === null) return;
  event.preventDefault();
  window.history.replaceState(window.history.state, '', `#${id}`);
  heading.focus({ preventScroll: true });
  heading.scrollIntoView({ block: 'start' });
}

export function LegalDocument({ laboratory, title, updated, intro, sections }: LegalDocumentProps) {
  useDocumentTitle(title);
  return (
    <article className="legal" aria-labelledby="legal-title">
      <header className="legal__header">
        <p className="legal__eyebrow">Información legal · {laboratory.tradeName}</p>
        <h1 id="legal-title" className="legal__title">
          {title}
        </h1>
        <p className="legal__updated">
          Última actualización: <time dateTime={updated}>{formatLongDate(`${updated}T12:00:00Z`)}</time>
        </p>
      </header>
      {laboratory.isDemo ? (
        <aside className="legal__demo" aria-label="Aviso de datos de demostración">
          <strong>Datos de demostración.</strong> Los datos del laboratorio que aparecen en esta página son
          ficticios y el laboratorio debe sustituirlos por los suyos antes de publicar el portal.
        </aside>
      ) : null}
      <div className="legal__intro">{intro}</div>
      <nav className="legal__toc" aria-labelledby="legal-toc-title">
        <h2 id="legal-toc-title" className="legal__toc-title">
          Contenido
        </h2>
        {/* The numbers are drawn beside the titles, hanging at their first line (a list marker sits on
            the last line of a wrapped entry); the list still counts its items for a screen reader. */}
        <ol className="legal__toc-list">
          {sections.map((section, index) => (
            <li key={section.id}>
              <a href={`#${section.id}`} onClick={(event) => goToSection(event, section.id)}>
                <span className="legal__toc-number" aria-hidden="true">
                  {index + 1}.
                </span>
                <span className="legal__toc-text">{section.title}</span>
              </a>
            </li>
          ))}
        </ol>
      </nav>
      {sections.map((section, index) => (
        <section
          key={section.id}
          id={section.id}
          className="legal__section"
          aria-labelledby={`${section.id}-titulo`}
        >
          <h2 id={`${section.id}-titulo`} className="legal__heading" tabIndex={-1}>
            <span className="legal__number">{index + 1}.</span> {section.title}
          </h2>
          {section.content}
        </section>
      ))}
    </article>
  );
}
