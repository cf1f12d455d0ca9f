/**
 * The back office's home for a staff member none of whose sections is open to him yet: what the
 * back office is, and the way out in the header. Anyone else is sent to his first section.
 */
import { useDocumentTitle } from '@botica/app-shell';

export function StaffHome() {
  useDocumentTitle('Inicio');
  return (
    <section aria-labelledby="staff-home-title">
      <h1 id="staff-home-title" tabIndex={-1}>
        Back office del laboratorio
      </h1>
      <p>Todavía no tienes secciones disponibles en el back office.</p>
    </section>
  );
}
