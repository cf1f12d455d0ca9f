/**
 * The cookies of one category as a table, generated from the product's cookie list (@botica/domain
 * COOKIES): the same entries the consent dialog names. On a phone each row stacks into a card whose
 * cells carry their column's name.
 */
import { type CookieDeclaration, cookieLifetime } from '@botica/domain';

const COLUMNS = ['Nombre', 'Proveedor', 'Finalidad', 'Duración', 'Tipo'] as const;

/** 'Propia · cookie', 'De terceros · cookie', 'Propia · almacenamiento de la pestaña'. */
export function cookieKind(cookie: Pick<CookieDeclaration, 'party' | 'storage' | 'isHttpOnly'>): string {
  const party = cookie.party === 'own' ? 'Propia' : 'De terceros';
  if (cookie.storage === 'sessionStorage') return `${party} · almacenamiento de la pestaña`;
  return `${party} · cookie${cookie.isHttpOnly ? ' HttpOnly' : ''}`;
}

export interface CookieTableProps {
  /** The table's caption, e.g. 'Cookies esenciales'. */
  caption: string;
  cookies: readonly CookieDeclaration[];
}

export function CookieTable({ caption, cookies }: CookieTableProps) {
  return (
    <div className="legal__table-wrap">
      <table className="legal__table legal__table--stack">
        <caption>{caption}</caption>
        <thead>
          <tr>
            {COLUMNS.map((column) => (
              <th key={column} scope="col">
                {column}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {cookies.map((cookie) => (
            <tr key={cookie.name}>
              <th scope="row" data-label="Nombre">
                <code>{cookie.name}</code>
              </th>
              <td data-label="Proveedor">{cookie.provider}</td>
              <td data-label="Finalidad">{cookie.purpose}</td>
              <td data-label="Duración">{cookieLifetime(cookie)}</td>
              <td data-label="Tipo">{cookieKind(cookie)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
