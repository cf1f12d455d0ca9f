/**
 * /backoffice/catalogue/products/:id: one product's form (an admin edits it, a sales rep reads it),
 * its preview as the portal shows it, and the link to its pictures.
 */
import { queryClientOf, useDocumentTitle } from '@botica/app-shell';
import { Link } from '@botica/ui';
import { useMutation, useQueryClient, useSuspenseQuery } from '@tanstack/react-query';
import { useAtomValue } from 'jotai';
import { type LoaderFunctionArgs, useParams } from 'react-router';
import { userAtom } from '../auth/session.ts';
import { groupOptions } from './groups.ts';
import { ProductEditor } from './product-editor.tsx';
import { categoryTrees, discountGroupList, productDetail, updateProductMutation } from './queries.ts';
import './catalogue.css';

export async function loader({ context, params }: LoaderFunctionArgs) {
  const queryClient = await queryClientOf(context);
  const [product] = await Promise.all([
    queryClient.fetchQuery(productDetail(params.id ?? '')),
    queryClient.fetchQuery(categoryTrees()),
    queryClient.fetchQuery(discountGroupList()),
  ]);
  return product;
}

export function Component() {
  const id = useParams().id ?? '';
  const queryClient = useQueryClient();
  const { data } = useSuspenseQuery(productDetail(id));
  const { data: trees } = useSuspenseQuery(categoryTrees());
  const { data: groups } = useSuspenseQuery(discountGroupList());
  const update = useMutation(updateProductMutation(queryClient, id));
  const isAdmin = useAtomValue(userAtom)?.role === 'admin';
  const product = data.data;
  useDocumentTitle(product.name);

  return (
    <article className="bo-catalogue" aria-labelledby="product-title">
      <p className="bo-catalogue__back">
        <Link href="/catalogue" variant="standalone">
          Volver al catálogo
        </Link>
      </p>
      <h1 id="product-title">{product.name}</h1>
      <p className="bo-catalogue__muted">
        Ref. {product.reference}
        {product.is_active ? '' : ' · Inactivo'}
      </p>
      <ProductEditor
        // Another product's page (a link between two) starts its form afresh.
        key={product.id}
        product={product}
        isAdmin={isAdmin}
        trees={trees.data}
        groups={groupOptions(groups.data)}
        save={(fields, version) => update.mutateAsync({ ...fields, version: version ?? 0 })}
        reload={async () => {
          const fresh = await queryClient.fetchQuery({ ...productDetail(id), staleTime: 0 });
          return fresh.data;
        }}
      />
    </article>
  );
}
