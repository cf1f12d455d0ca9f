/**
 * @botica/app-shell: what the portal and the back office share beyond components. Each export is
 * listed here by name.
 */
export { documentTitle, SiteNameProvider, useDocumentTitle } from './document-title.ts';
