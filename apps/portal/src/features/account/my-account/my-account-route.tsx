/**
 * /account/myaccount, MIS DATOS: the pharmacy's data, its shops, its discount group, and the password
 * change.
 */
import type { AccountDiscount, Client, Shop } from '@botica/api-client/schemas';
import { queryClientOf, useDocumentTitle } from '@botica/app-shell';
import { formatPercent } from '@botica/domain';
import { type LoaderFunctionArgs, useLoaderData } from 'react-router';
import { sessionClientId } from '../account-data.ts';
import { EmailLink, PhoneLink } from '../contact-link.tsx';
import { PurchasesByMonthSection } from '../purchases/purchases-chart.tsx';
import { clientQuery, discountQuery, shopsQuery } from '../queries.ts';
import { ChangePasswordForm } from './change-password-form.tsx';
import '../../access/access.css';
import '../account.css';

interface MyAccount {
  client: Client;
  shops: Shop[];
  discount: AccountDiscount | null;
}

export async function loader({ context }: LoaderFunctionArgs): Promise<MyAccount> {
  const [queryClient, clientId] = await Promise.all([queryClientOf(context), sessionClientId()]);
  const [client, shops, discount] = await Promise.all([
    queryClient.fetchQuery(clientQuery(clientId)),
    queryClient.fetchQuery(shopsQuery(clientId)),
    queryClient.fetchQuery(discountQuery()),
  ]);
  return { client: client.data, shops: shops.data, discount: discount.data };
}

export function Component() {
  const { client, shops, discount } = useLoaderData() as MyAccount;
  useDocumentTitle('Mis datos');
  return (
    <div className="account">
      <h1 className="account__title">Mis datos</h1>
      <p className="account__intro">
        Si algún dato no es correcto, escribe a la administración de ventas para que lo cambie.
      </p>
      <div className="account__grid">
        <section className="account__card" aria-labelledby="pharmacy-title">
          <h2 id="pharmacy-title">{client.name}</h2>
          <dl className="account__facts">
            <dt>CIF/NIF</dt>
            <dd>{client.tax_id}</dd>
            <dt>Código de cliente</dt>
            <dd>{client.erp_code}</dd>
            <dt>Dirección</dt>
            <dd>
              {client.address}, {client.postal_code} {client.city} ({client.province})
            </dd>
            <dt>Teléfono</dt>
            <dd>
              <PhoneLink phone={client.phone} />
            </dd>
            <dt>Correo</dt>
            <dd>
              <EmailLink email={client.email} />
            </dd>
            <dt>Régimen de IVA</dt>
            <dd>{client.recargo_equivalencia ? 'Recargo de equivalencia' : 'Régimen general'}</dd>
          </dl>
        </section>
        <section className="account__card" aria-labelledby="discount-title">
          <h2 id="discount-title">Grupo de descuento</h2>
          {discount ? (
            <dl className="account__facts">
              <dt>Grupo</dt>
              <dd>{discount.group_name}</dd>
              <dt>Descuento</dt>
              <dd>{formatPercent(discount.discount_percent)} sobre el importe de cada pedido</dd>
            </dl>
          ) : (
            <p>Tu farmacia no tiene grupo de descuento.</p>
          )}
        </section>
      </div>

      <h2 className="account__section-title">Mis tiendas</h2>
      <ul className="account__grid account__grid--list" aria-label="Mis tiendas">
        {shops.map((shop) => (
          <li key={shop.id} className="account__card">
            <h3>
              {shop.name}
              {shop.is_main ? <span className="account__badge">Principal</span> : null}
            </h3>
            <p className="account__role">
              {shop.address}, {shop.postal_code} {shop.city} ({shop.province})
            </p>
            <PhoneLink phone={shop.phone} />
          </li>
        ))}
      </ul>

      <PurchasesByMonthSection clientId={client.id} />

      <h2 className="account__section-title" id="password-title">
        Cambiar la contraseña
      </h2>
      <section aria-labelledby="password-title">
        <ChangePasswordForm />
      </section>
    </div>
  );
}
