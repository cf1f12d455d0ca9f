/**
 * /: the search box, what the monthly cap leaves this month (and, when it is below the minimum order,
 * that no order can be sent this month and how to reach the laboratory), the laboratory's active
 * messages and its showcase (banners and featured products).
 */
import type { LabMessageSummary, Showcase, User } from '@botica/api-client/schemas';
import { queryClientOf, useDocumentTitle } from '@botica/app-shell';
import { Link, MonthlyCapNotice } from '@botica/ui';
import { useAtomValue } from 'jotai';
import { type LoaderFunctionArgs, useLoaderData, useRouteLoaderData } from 'react-router';
import { cartTotalsAtom } from '../cart/cart.atoms.ts';
import { CartProductGrid } from '../cart/cart-product-grid.tsx';
import { useOrderRules } from '../cart/order-rules.tsx';
import { HomeMessages } from '../messages/home-messages.tsx';
import { messagesQuery } from '../messages/queries.ts';
import { ProductSearch } from '../search/product-search.tsx';
import { showcaseQuery } from './queries.ts';
import './home.css';

interface HomeData {
  showcase: Showcase;
  messages: LabMessageSummary[];
}

export async function loader({ context }: LoaderFunctionArgs): Promise<HomeData> {
  const queryClient = await queryClientOf(context);
  // The messages are news, not the page: if they cannot be had the home page shows without them.
  const [showcase, messages] = await Promise.all([
    queryClient.fetchQuery(showcaseQuery()),
    queryClient.fetchQuery(messagesQuery()).catch(() => ({ data: [] as LabMessageSummary[] })),
  ]);
  return { showcase: showcase.data, messages: messages.data };
}

export function Component() {
  const { showcase, messages } = useLoaderData() as HomeData;
  const user = useRouteLoaderData('client') as User | null;
  useDocumentTitle(null);
  const rules = useOrderRules();
  const cartPriceCents = useAtomValue(cartTotalsAtom).priceCents;

  return (
    <div className="home">
      <section className="home__hero" aria-labelledby="home-title">
        <p className="home__greeting">{user?.client?.name ?? 'Bienvenido'}</p>
        <h1 id="home-title" className="home__title">
          ¿Qué necesita hoy tu farmacia?
        </h1>
        <ProductSearch size="hero" />
        <p className="home__hint">
          Escribe una referencia (por ejemplo BT-1002) o el nombre de un producto, o explora el{' '}
          <Link href="/catalog">catálogo completo</Link>.
        </p>
        {rules.monthlyCap !== undefined && rules.orderMinimumAmountCents !== undefined ? (
          <div className="home__order-rules">
            <MonthlyCapNotice
              monthlyCap={rules.monthlyCap}
              orderMinimumAmountCents={rules.orderMinimumAmountCents}
              cartPriceCents={cartPriceCents}
              contact={rules.contact}
            />
          </div>
        ) : null}
      </section>
      <HomeMessages messages={messages} />
      {showcase.banners.length > 0 ? (
        <section className="home__banners" aria-label="Destacados del laboratorio">
          {showcase.banners.map((banner) => (
            <a
              key={banner.id}
              href={banner.href}
              className="home__banner"
              style={{ '--banner-hue': banner.hue } as React.CSSProperties}
            >
              <span className="home__banner-title">{banner.title}</span>
              <span className="home__banner-text">{banner.text}</span>
            </a>
          ))}
        </section>
      ) : null}
      <section className="home__featured" aria-labelledby="featured-title">
        <div className="home__section-head">
          <h2 id="featured-title">Productos destacados</h2>
          <Link href="/catalog">Ver todo el catálogo</Link>
        </div>
        <CartProductGrid products={showcase.featured} />
      </section>
    </div>
  );
}
