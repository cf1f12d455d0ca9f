/**
 * The modules router.tsx loads lazily on the first visit of each client route: the layout, the
 * session (its loader) and the screen. The build turns them into the chunks the server names in the
 * page (vite.config.ts), so the browser fetches them with the entry, not after running it.
 */
const CLIENT = ['src/app/layouts/default-layout.tsx', 'src/features/auth/session.ts'] as const;

export const ROUTE_CHUNKS: Record<string, readonly string[]> = {
  '/': [...CLIENT, 'src/features/home/home-route.tsx'],
  '/catalog': [...CLIENT, 'src/features/catalog/catalog-route.tsx'],
  '/products/*': [...CLIENT, 'src/features/product/product-route.tsx'],
  '/cart': [...CLIENT, 'src/features/cart/cart-route.tsx'],
  '/pedido-enviado': [...CLIENT, 'src/features/cart/order-sent-route.tsx'],
};
