/**
 * /backoffice/catalogue/products/:id/pictures: a product's pictures in the order the portal shows
 * them, each at the portal's sizes. An admin uploads files (chosen or dropped, one after another, each
 * with its state and the server's refusal next to it), moves pictures up and down (buttons, or by
 * dragging) and deletes one after confirming; a sales rep reads the page without any of that.
 */
import type { AdminPicture, AdminProductPictures } from '@botica/api-client/admin';
import { queryClientOf, useDocumentTitle } from '@botica/app-shell';
import { formatDateTime } from '@botica/domain';
import { Badge, Button, Link, Spinner } from '@botica/ui';
import { useMutation, useQueryClient, useSuspenseQuery } from '@tanstack/react-query';
import { useAtomValue } from 'jotai';
import { type DragEvent, useEffect, useRef, useState } from 'react';
import { type LoaderFunctionArgs, useParams } from 'react-router';
import { reportCallError } from '../../shared/errors.ts';
import { RemoveButton } from '../../shared/remove-button.tsx';
import { userAtom } from '../auth/session.ts';
import { dropOrder, formatBytes, moveOrder, uploadErrorMessage } from './ordering.ts';
import { deleteMutation, productPictures, reorderMutation, uploadMutation } from './queries.ts';
import './pictures.css';

export async function loader({ context, params }: LoaderFunctionArgs) {
  const queryClient = await queryClientOf(context);
  return queryClient.fetchQuery(productPictures(params.id ?? ''));
}

const SIZE_LABELS = [
  { size: 'thumbnail', label: 'Miniatura', pixels: 120 },
  { size: 'miniproduct', label: 'Tarjeta', pixels: 360 },
  { size: 'full', label: 'Ficha', pixels: 1000 },
] as const;

const ACCEPT = 'image/jpeg,image/png,image/webp,image/avif,.jpg,.jpeg,.png,.webp,.avif';

/** One file chosen or dropped, and how its upload went. */
interface QueuedFile {
  key: number;
  file: File;
  state: 'waiting' | 'uploading' | 'done' | 'refused';
  message?: string;
}

const STATE_TEXT: Record<QueuedFile['state'], string> = {
  waiting: 'En espera',
  uploading: 'Subiendo…',
  done: 'Subida',
  refused: 'No se ha subido',
};

/** The files chosen, uploaded one after another; each keeps its state and the server's message. */
function useUploadQueue(productId: string) {
  const upload = useMutation(uploadMutation(useQueryClient(), productId));
  const [queue, setQueue] = useState<QueuedFile[]>([]);
  const nextKey = useRef(1);
  const running = useRef(false);

  const update = (key: number, change: Partial<QueuedFile>) =>
    setQueue((items) => items.map((item) => (item.key === key ? { ...item, ...change } : item)));

  useEffect(() => {
    const next = queue.find((item) => item.state === 'waiting');
    if (!next || running.current) return;
    running.current = true;
    update(next.key, { state: 'uploading' });
    upload
      .mutateAsync(next.file)
      .then(() => update(next.key, { state: 'done' }))
      .catch((error: unknown) => update(next.key, { state: 'refused', message: uploadErrorMessage(error) }))
      .finally(() => {
        running.current = false;
        // Wakes the effect for the next file, if any.
        setQueue((items) => [...items]);
      });
  });

  function add(files: Iterable<File>) {
    const added = [...files].map((file) => ({ key: nextKey.current++, file, state: 'waiting' as const }));
    if (added.length > 0) setQueue((items) => [...items.filter((item) => item.state !== 'done'), ...added]);
  }

  const clear = () =>
    setQueue((items) => items.filter((item) => item.state === 'uploading' || item.state === 'waiting'));

  return {
    queue,
    add,
    clear,
    isBusy: queue.some((item) => item.state === 'waiting' || item.state === 'uploading'),
  };
}

function UploadPanel({ pictures, productId }: { pictures: AdminProductPictures; productId: string }) {
  const { queue, add, clear, isBusy } = useUploadQueue(productId);
  const input = useRef<HTMLInputElement>(null);
  const [isOver, setIsOver] = useState(false);
  const isFull = pictures.pictures.length >= pictures.max_pictures;

  function onDrop(event: DragEvent<HTMLElement>) {
    event.preventDefault();
    setIsOver(false);
    if (!isFull && event.dataTransfer.files.length > 0) add(event.dataTransfer.files);
  }

  return (
    <section
      className="bo-pictures__upload"
      aria-labelledby="pictures-upload"
      onDragOver={(event) => {
        if (!event.dataTransfer.types.includes('Files')) return;
        event.preventDefault();
        setIsOver(true);
      }}
      onDragLeave={() => setIsOver(false)}
      onDrop={onDrop}
    >
      <h2 id="pictures-upload">Subir fotografías</h2>
      <div className={`bo-pictures__drop${isOver ? ' bo-pictures__drop--over' : ''}`}>
        <p className="bo-pictures__drop-title">Arrastra aquí las fotografías, o</p>
        <Button variant="secondary" onPress={() => input.current?.click()} isDisabled={isFull}>
          Elegir ficheros…
        </Button>
        <input
          ref={input}
          id="pictures-file"
          className="bo-pictures__file"
          type="file"
          accept={ACCEPT}
          multiple
          hidden
          aria-label="Fotografías para subir"
          onChange={(event) => {
            if (event.target.files) add(event.target.files);
            event.target.value = '';
          }}
        />
        <p className="bo-pictures__muted">
          JPEG, PNG, WebP o AVIF, hasta {formatBytes(pictures.max_bytes)} cada una; como máximo{' '}
          {pictures.max_pictures} por producto. Se guardan cuadradas sobre blanco (120, 360 y 1000 px) y sin
          los datos de la cámara.
        </p>
        {isFull ? (
          <p className="bo-pictures__muted" role="status">
            Este producto ya tiene {pictures.max_pictures} fotografías: elimina alguna para subir otra.
          </p>
        ) : null}
      </div>
      {queue.length > 0 ? (
        <>
          <ul className="bo-pictures__queue" aria-label="Ficheros elegidos">
            {queue.map((item) => (
              <li key={item.key} className={`bo-pictures__queued bo-pictures__queued--${item.state}`}>
                <span className="bo-pictures__queued-name">{item.file.name}</span>
                <span className="bo-pictures__muted">{formatBytes(item.file.size)}</span>
                <span className="bo-pictures__queued-state">
                  {item.state === 'uploading' ? <Spinner /> : null}
                  {STATE_TEXT[item.state]}
                </span>
                {item.message ? (
                  <span className="bo-pictures__queued-error" role="alert">
                    {item.message}
                  </span>
                ) : null}
              </li>
            ))}
          </ul>
          {isBusy ? null : (
            <Button variant="secondary" size="sm" onPress={clear}>
              Limpiar la lista
            </Button>
          )}
        </>
      ) : null}
    </section>
  );
}

function PictureCard({
  picture,
  count,
  productName,
  isAdmin,
  isBusy,
  onMove,
  onDelete,
  onDragStart,
  onDropOn,
}: {
  picture: AdminPicture;
  count: number;
  productName: string;
  isAdmin: boolean;
  isBusy: boolean;
  onMove: (step: -1 | 1) => void;
  /** Removes the picture, once confirmed. */
  onDelete: () => Promise<unknown>;
  onDragStart: () => void;
  onDropOn: () => void;
}) {
  const { position } = picture;
  const name = `Fotografía ${position} de ${count}`;
  return (
    <li
      className="bo-pictures__card"
      aria-label={name}
      data-position={position}
      draggable={isAdmin && !isBusy && count > 1}
      onDragStart={(event) => {
        event.dataTransfer.effectAllowed = 'move';
        event.dataTransfer.setData('text/plain', String(position));
        onDragStart();
      }}
      onDragOver={(event) => {
        if (isAdmin && !event.dataTransfer.types.includes('Files')) event.preventDefault();
      }}
      onDrop={(event) => {
        if (event.dataTransfer.types.includes('Files')) return;
        event.preventDefault();
        onDropOn();
      }}
    >
      <div className="bo-pictures__images">
        <a href={picture.image.full} target="_blank" rel="noreferrer" className="bo-pictures__main">
          <img
            src={picture.image.miniproduct}
            width={360}
            height={360}
            alt={`${productName}, fotografía ${position} (tamaño tarjeta, 360 px)`}
          />
        </a>
        <img
          className="bo-pictures__thumb"
          src={picture.image.thumbnail}
          width={120}
          height={120}
          alt={`${productName}, fotografía ${position} (miniatura, 120 px)`}
        />
      </div>
      <div className="bo-pictures__about">
        <p className="bo-pictures__card-title">
          {position === 1 ? <Badge tone="primary">Principal</Badge> : null} {name}
        </p>
        <ul className="bo-pictures__sizes">
          {SIZE_LABELS.map(({ size, label, pixels }) => (
            <li key={size}>
              <a
                href={picture.image[size]}
                target="_blank"
                rel="noreferrer"
                className="bt-link bt-link--standalone"
              >
                {label} ({pixels} px)
              </a>{' '}
              <span className="bo-pictures__muted">{formatBytes(picture.bytes[size])}</span>
            </li>
          ))}
        </ul>
        <p className="bo-pictures__muted">Subida el {formatDateTime(picture.created_at)}</p>
        {isAdmin ? (
          <div className="bo-pictures__actions">
            <Button
              size="sm"
              variant="secondary"
              data-move="up"
              isDisabled={isBusy || position === 1}
              onPress={() => onMove(-1)}
              aria-label={`Subir la fotografía ${position}`}
            >
              Subir
            </Button>
            <Button
              size="sm"
              variant="secondary"
              data-move="down"
              isDisabled={isBusy || position === count}
              onPress={() => onMove(1)}
              aria-label={`Bajar la fotografía ${position}`}
            >
              Bajar
            </Button>
            <RemoveButton
              label="Eliminar"
              aria-label={`Eliminar la fotografía ${position}`}
              size="sm"
              isDisabled={isBusy}
              title={`¿Eliminar la fotografía ${position}?`}
              confirmLabel="Eliminar"
              onConfirm={onDelete}
              done={{ title: `Fotografía ${position} eliminada` }}
            >
              {`Dejará de verse en el portal${count === 1 ? ', que mostrará la imagen por defecto' : '; las siguientes suben un puesto'}. No se puede deshacer.`}
            </RemoveButton>
          </div>
        ) : null}
      </div>
    </li>
  );
}

/** After a move, the keyboard stays on the moved picture's button (the other one at either end). */
function focusMoved(position: number, step: -1 | 1) {
  const card = document.querySelector(`.bo-pictures__card[data-position="${position}"]`);
  const wanted = card?.querySelector<HTMLButtonElement>(`[data-move="${step === -1 ? 'up' : 'down'}"]`);
  const other = card?.querySelector<HTMLButtonElement>(`[data-move="${step === -1 ? 'down' : 'up'}"]`);
  (wanted && !wanted.disabled ? wanted : other)?.focus();
}

export function Component() {
  const id = useParams().id ?? '';
  const { data } = useSuspenseQuery(productPictures(id));
  const pictures = data.data;
  const { product } = pictures;
  useDocumentTitle(`Fotografías · ${product.name}`);
  const isAdmin = useAtomValue(userAtom)?.role === 'admin';
  const queryClient = useQueryClient();
  const reorder = useMutation(reorderMutation(queryClient, id));
  const remove = useMutation(deleteMutation(queryClient, id));
  const [dragged, setDragged] = useState<number | null>(null);
  const [announcement, setAnnouncement] = useState('');
  const count = pictures.pictures.length;
  const isBusy = reorder.isPending || remove.isPending;
  const [moved, setMoved] = useState<{ position: number; step: -1 | 1 } | null>(null);

  // Once the new order is on screen and its buttons are enabled again, not before.
  useEffect(() => {
    if (!moved || isBusy) return;
    focusMoved(moved.position, moved.step);
    setMoved(null);
  }, [moved, isBusy]);

  /** Sends a new order (null: nothing moves); true when the server took it. */
  async function applyOrder(order: number[] | null, to: number): Promise<boolean> {
    setDragged(null);
    if (!order) return false;
    try {
      await reorder.mutateAsync(order);
      setAnnouncement(`Fotografía movida al puesto ${to} de ${count}.`);
      return true;
    } catch (error) {
      reportCallError(error);
      return false;
    }
  }

  async function move(position: number, step: -1 | 1) {
    if (await applyOrder(moveOrder(count, position, step), position + step)) {
      setMoved({ position: position + step, step });
    }
  }

  return (
    <article className="bo-pictures" aria-labelledby="pictures-title">
      <p className="bo-pictures__back">
        <Link href={`/catalogue/products/${product.id}`} variant="standalone">
          Volver al producto
        </Link>
      </p>
      <h1 id="pictures-title">Fotografías de {product.name}</h1>
      <p className="bo-pictures__muted">
        Ref. {product.reference} · {product.format}{' '}
        {product.is_active ? null : <Badge tone="neutral">Retirado del catálogo</Badge>}
      </p>

      {isAdmin ? (
        <UploadPanel pictures={pictures} productId={id} />
      ) : (
        <p className="bo-pictures__note">Solo lectura: las fotografías las cambia un administrador.</p>
      )}

      <section aria-labelledby="pictures-list">
        <h2 id="pictures-list">
          En el portal, en este orden <span className="bo-pictures__count">({count})</span>
        </h2>
        {isAdmin && count > 1 ? (
          <p className="bo-pictures__muted">
            La primera es la principal: la de las tarjetas y la búsqueda. Cambia el orden con «Subir» y
            «Bajar», o arrastrando una fotografía a otro puesto.
          </p>
        ) : null}
        {count === 0 ? (
          <div className="bo-pictures__empty">
            <img src={product.image.miniproduct} width={180} height={180} alt="" />
            <p>Este producto no tiene fotografías: el portal muestra su imagen dibujada.</p>
          </div>
        ) : (
          <ol className="bo-pictures__list">
            {pictures.pictures.map((picture) => (
              <PictureCard
                key={`${picture.position}-${picture.version}`}
                picture={picture}
                count={count}
                productName={product.name}
                isAdmin={isAdmin}
                isBusy={isBusy}
                onMove={(step) => void move(picture.position, step)}
                onDelete={() => remove.mutateAsync({ position: picture.position, version: picture.version })}
                onDragStart={() => setDragged(picture.position)}
                onDropOn={() => {
                  if (dragged !== null)
                    void applyOrder(dropOrder(count, dragged, picture.position), picture.position);
                }}
              />
            ))}
          </ol>
        )}
        <p className="bo-pictures__live" aria-live="polite">
          {announcement}
        </p>
      </section>
    </article>
  );
}
