/**
 * /backoffice/showcase: the showcase on the portal's home page: its banners (in the order the home
 * shows the active ones, moved up or down, edited, added, deleted after a confirmation) and its
 * featured products. An admin changes them; a sales rep reads them.
 */
import type { AdminBanner } from '@botica/api-client/admin';
import { queryClientOf, useDocumentTitle } from '@botica/app-shell';
import { Badge, Button, EmptyState } from '@botica/ui';
import { useMutation, useQueryClient, useSuspenseQuery } from '@tanstack/react-query';
import { useAtomValue } from 'jotai';
import { useState } from 'react';
import type { LoaderFunctionArgs } from 'react-router';
import { reportCallError } from '../../shared/errors.ts';
import { RemoveButton } from '../../shared/remove-button.tsx';
import { userAtom } from '../auth/session.ts';
import { BannerDialog } from './banner-dialog.tsx';
import { FeaturedEditor } from './featured-editor.tsx';
import { bannerList, deleteBannerMutation, featuredList, moveBannerMutation } from './queries.ts';
import './content.css';

export async function loader({ context }: LoaderFunctionArgs) {
  const queryClient = await queryClientOf(context);
  return Promise.all([queryClient.fetchQuery(bannerList()), queryClient.fetchQuery(featuredList())]);
}

type Editing = { banner: AdminBanner | null } | null;

function Banners({ banners, canChange }: { banners: readonly AdminBanner[]; canChange: boolean }) {
  const queryClient = useQueryClient();
  const move = useMutation(moveBannerMutation(queryClient));
  const remove = useMutation(deleteBannerMutation(queryClient));
  const [editing, setEditing] = useState<Editing>(null);

  return (
    <section className="bo-content__card" aria-labelledby="banners-title">
      <div className="bo-content__head">
        <h2 id="banners-title">Banners</h2>
        {canChange ? <Button onPress={() => setEditing({ banner: null })}>Nuevo banner</Button> : null}
      </div>
      <p className="bo-content__muted">En este orden en la página de inicio; solo los activos.</p>
      {banners.length === 0 ? (
        <EmptyState title="Ningún banner" description="Los banners que añadas aparecerán aquí." />
      ) : (
        <ol className="bo-content__ordered" aria-label="Banners, en orden">
          {banners.map((banner, index) => (
            <li key={banner.id}>
              <span
                className="bo-content__swatch"
                aria-hidden="true"
                style={{ '--banner-hue': banner.hue } as React.CSSProperties}
              />
              <span className="bo-content__stack">
                <span className="bo-content__strong">
                  {banner.title} {banner.active ? null : <Badge tone="neutral">Inactivo</Badge>}
                </span>
                <span>{banner.text}</span>
                <span className="bo-content__muted">Enlace: {banner.href}</span>
              </span>
              {canChange ? (
                <span className="bo-content__row-actions">
                  <Button
                    variant="secondary"
                    size="sm"
                    aria-label={`Subir ${banner.title}`}
                    isDisabled={index === 0 || move.isPending}
                    onPress={() =>
                      move.mutate(
                        { id: banner.id, direction: 'up' },
                        { onError: (error) => reportCallError(error) },
                      )
                    }
                  >
                    Subir
                  </Button>
                  <Button
                    variant="secondary"
                    size="sm"
                    aria-label={`Bajar ${banner.title}`}
                    isDisabled={index === banners.length - 1 || move.isPending}
                    onPress={() =>
                      move.mutate(
                        { id: banner.id, direction: 'down' },
                        { onError: (error) => reportCallError(error) },
                      )
                    }
                  >
                    Bajar
                  </Button>
                  <Button
                    variant="ghost"
                    size="sm"
                    aria-label={`Editar ${banner.title}`}
                    onPress={() => setEditing({ banner })}
                  >
                    Editar
                  </Button>
                  <RemoveButton
                    label="Eliminar"
                    aria-label={`Eliminar ${banner.title}`}
                    variant="ghost"
                    size="sm"
                    title="¿Eliminar este banner?"
                    confirmLabel="Eliminar el banner"
                    onConfirm={() => remove.mutateAsync(banner.id)}
                    done={{ title: 'Banner eliminado', description: banner.title }}
                  >
                    «{banner.title}» dejará de verse en la página de inicio del portal.
                  </RemoveButton>
                </span>
              ) : null}
            </li>
          ))}
        </ol>
      )}
      {editing ? <BannerDialog banner={editing.banner} onClose={() => setEditing(null)} /> : null}
    </section>
  );
}

export function Component() {
  useDocumentTitle('Escaparate');
  const { data: banners } = useSuspenseQuery(bannerList());
  const { data: featured } = useSuspenseQuery(featuredList());
  const canChange = useAtomValue(userAtom)?.role === 'admin';
  const featuredKey = featured.data.map((product) => product.id).join();
  return (
    <section className="bo-content" aria-labelledby="showcase-title">
      <h1 id="showcase-title">Escaparate</h1>
      <p className="bo-content__muted">
        Los banners y los productos destacados de la página de inicio del portal.
      </p>
      <div className="bo-content__cards">
        <Banners banners={banners.data} canChange={canChange} />
        {/* Saved, the editor starts again from the server's list. */}
        <FeaturedEditor key={featuredKey} saved={featured.data} canChange={canChange} />
      </div>
    </section>
  );
}
