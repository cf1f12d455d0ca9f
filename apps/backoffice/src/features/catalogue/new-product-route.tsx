/** /backoffice/catalogue/products/new: a new product's form (admins); once created, its own page. */
import { queryClientOf, useDocumentTitle } from '@botica/app-shell';
import { Link } from '@botica/ui';
import { useMutation, useQueryClient, useSuspenseQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { type LoaderFunctionArgs, useNavigate } from 'react-router';
import { groupOptions } from './groups.ts';
import { ProductEditor } from './product-editor.tsx';
import { categoryTrees, createProductMutation, discountGroupList } from './queries.ts';
import './catalogue.css';

export async function loader({ context }: LoaderFunctionArgs) {
  const queryClient = await queryClientOf(context);
  await Promise.all([queryClient.fetchQuery(categoryTrees()), queryClient.fetchQuery(discountGroupList())]);
  return null;
}

export function Component() {
  useDocumentTitle('Nuevo producto');
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const { data: trees } = useSuspenseQuery(categoryTrees());
  const { data: groups } = useSuspenseQuery(discountGroupList());
  const create = useMutation(createProductMutation(queryClient));
  const [createdId, setCreatedId] = useState<number | null>(null);

  // Once the form has taken the answer (nothing left unsaved), the product's own page.
  useEffect(() => {
    if (createdId !== null) void navigate(`/catalogue/products/${createdId}`, { replace: true });
  }, [createdId, navigate]);

  return (
    <article className="bo-catalogue" aria-labelledby="product-title">
      <p className="bo-catalogue__back">
        <Link href="/catalogue" variant="standalone">
          Volver al catálogo
        </Link>
      </p>
      <h1 id="product-title">Nuevo producto</h1>
      <ProductEditor
        product={null}
        isAdmin
        trees={trees.data}
        groups={groupOptions(groups.data)}
        save={(fields) => create.mutateAsync(fields)}
        reload={() => Promise.reject(new Error('A new product has nothing to reload.'))}
        onSaved={(product) => setCreatedId(product.id)}
      />
    </article>
  );
}
