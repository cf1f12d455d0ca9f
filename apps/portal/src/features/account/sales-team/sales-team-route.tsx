/**
 * /account, EQUIPO COMERCIAL: the pharmacy's sales rep and the laboratory's sales administration,
 * each with a phone (tel:) and an e-mail (mailto:) link.
 */
import type { Client, SalesContact } from '@botica/api-client/schemas';
import { queryClientOf, useDocumentTitle } from '@botica/app-shell';
import { EmptyState } from '@botica/ui';
import { type LoaderFunctionArgs, useLoaderData } from 'react-router';
import { sessionClientId } from '../account-data.ts';
import { EmailLink, PhoneLink } from '../contact-link.tsx';
import { clientQuery } from '../queries.ts';
import '../account.css';

export async function loader({ context }: LoaderFunctionArgs): Promise<Client> {
  const [queryClient, clientId] = await Promise.all([queryClientOf(context), sessionClientId()]);
  return (await queryClient.fetchQuery(clientQuery(clientId))).data;
}

function ContactCard({ title, duty, contact }: { title: string; duty: string; contact: SalesContact }) {
  return (
    <section className="account__card" aria-label={`${duty}: ${title}`}>
      <h2>{title}</h2>
      <p className="account__role">{duty}</p>
      <ul className="account__contact">
        <li>
          Teléfono: <PhoneLink phone={contact.phone} />
        </li>
        <li>
          Correo: <EmailLink email={contact.email} />
        </li>
      </ul>
    </section>
  );
}

export function Component() {
  const client = useLoaderData() as Client;
  useDocumentTitle('Equipo comercial');
  return (
    <div className="account">
      <h1 className="account__title">Equipo comercial</h1>
      <p className="account__intro">
        Tu delegado comercial te asesora sobre los productos y las condiciones de tu farmacia; la
        administración de ventas, sobre pedidos, envíos y facturas.
      </p>
      <div className="account__grid">
        {client.sales_rep ? (
          <ContactCard
            title={client.sales_rep.name}
            duty={`Tu delegado comercial · ${client.sales_rep.zone}`}
            contact={client.sales_rep}
          />
        ) : (
          <EmptyState
            title="Aún no tienes delegado comercial asignado"
            description="Mientras tanto, la administración de ventas te atiende en todo."
            headingLevel={2}
          />
        )}
        <ContactCard
          title={client.sales_administration.name}
          duty="Pedidos, envíos y facturas"
          contact={client.sales_administration}
        />
      </div>
    </div>
  );
}
