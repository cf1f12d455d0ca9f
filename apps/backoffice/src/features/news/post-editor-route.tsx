/**
 * /backoffice/news/new and /backoffice/news/:id: a post's editor. The admins write its title,
 * excerpt, category, author, picture and its description, and its body in the rich-text editor (a
 * chunk of its own, which the page does not wait for: body-field.tsx); they save a draft, preview the
 * post as the portal shows it, publish it now or from a Madrid date and time (a future one schedules
 * it), take it off the portal or delete it after a confirmation. Leaving with unsaved changes asks
 * first. When another admin saved the post meanwhile, the save is refused and the page offers to load
 * their version. A sales rep reads the post without any of the buttons.
 */

import { isApiError } from '@botica/api-client';
import type { AdminPost } from '@botica/api-client/admin';
import { formFailure, queryClientOf, useDocumentTitle } from '@botica/app-shell';
import { formatDateTime } from '@botica/domain';
import { Badge, Button, ConfirmDialog, Link, showToast, TextField } from '@botica/ui';
import { useQueryClient, useSuspenseQuery } from '@tanstack/react-query';
import { useAtomValue } from 'jotai';
import { type ChangeEvent, useEffect, useId, useRef, useState } from 'react';
import { type LoaderFunctionArgs, useBlocker, useNavigate, useParams } from 'react-router';
import { reportCallError } from '../../shared/errors.ts';
import { userAtom } from '../auth/session.ts';
import { BodyField } from './body-field.tsx';
import {
  fieldMessages,
  formValuesOf,
  hasUnsavedChanges,
  isFuture,
  type PostFormValues,
  requestOf,
  STATUS_LABELS,
} from './post-form.ts';
import { PostPreview } from './post-preview.tsx';
import { afterPostChange, afterPostDelete, postCalls, postDetail } from './queries.ts';
import './news.css';

export async function loader({ context, params }: LoaderFunctionArgs) {
  if (params.id === undefined) return null;
  const queryClient = await queryClientOf(context);
  return queryClient.fetchQuery(postDetail(params.id));
}

type Busy = 'save' | 'publish' | 'unpublish' | 'delete' | 'picture' | null;

/** Asks before leaving the page (a link, the back button, closing the tab) while `isDirty`. */
function useLeaveGuard(isDirty: boolean, skip: { current: boolean }) {
  const dirty = useRef(isDirty);
  dirty.current = isDirty;
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) =>
      !skip.current && dirty.current && currentLocation.pathname !== nextLocation.pathname,
  );
  useEffect(() => {
    if (!isDirty) return;
    const warn = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [isDirty]);
  return blocker;
}

function PostEditor({ post: initialPost, onReload }: { post: AdminPost | null; onReload: () => void }) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const isAdmin = useAtomValue(userAtom)?.role === 'admin';
  const [post, setPost] = useState(initialPost);
  const [saved, setSaved] = useState(() => formValuesOf(initialPost, new Date()));
  const [values, setValues] = useState(saved);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [formMessage, setFormMessage] = useState<string | null>(null);
  const [conflict, setConflict] = useState<string | null>(null);
  const [busy, setBusy] = useState<Busy>(null);
  const [isPreviewOpen, setPreviewOpen] = useState(false);
  const [isDeleteOpen, setDeleteOpen] = useState(false);
  const skipGuard = useRef(false);
  const fileInput = useRef<HTMLInputElement>(null);
  const dateId = useId();
  const pictureId = useId();
  const isDirty = hasUnsavedChanges(values, saved);
  const blocker = useLeaveGuard(isDirty && isAdmin, skipGuard);
  useDocumentTitle(post ? `Editar: ${post.title}` : 'Nueva noticia');

  const set =
    <K extends keyof PostFormValues>(key: K) =>
    (value: PostFormValues[K]) => {
      setValues((current) => ({ ...current, [key]: value }));
      setErrors(({ [key]: _gone, ...rest }) => rest);
    };

  function failed(error: unknown) {
    if (isApiError(error) && error.status === 409) {
      setConflict(error.message);
      return;
    }
    const failure = formFailure(error);
    if (!failure) {
      reportCallError(error);
      return;
    }
    setErrors(fieldMessages(failure.fields));
    setFormMessage(failure.message ?? 'Revisa los campos marcados.');
  }

  function settle(answer: AdminPost) {
    setPost(answer);
    afterPostChange(queryClient, { data: answer });
  }

  /** Saves the text (a new post: creates it) and returns the post the server keeps. */
  async function save(): Promise<AdminPost> {
    setErrors({});
    setFormMessage(null);
    const request = requestOf(values);
    const { data } = post
      ? await postCalls.update(post.id, { ...request, version: post.version })
      : await postCalls.create(request);
    settle(data);
    setSaved(values);
    return data;
  }

  /** A new post, once written, is edited at its own address. */
  function toOwnAddress(written: AdminPost) {
    if (initialPost) return;
    skipGuard.current = true;
    void navigate(`/news/${written.id}`, { replace: true });
  }

  async function run(kind: Exclude<Busy, null>, work: () => Promise<void>) {
    setBusy(kind);
    try {
      await work();
    } catch (error) {
      failed(error);
    } finally {
      setBusy(null);
    }
  }

  const saveDraft = () =>
    run('save', async () => {
      const written = await save();
      showToast({ title: 'Borrador guardado', tone: 'success' });
      toOwnAddress(written);
    });

  const publish = () =>
    run('publish', async () => {
      const current = isDirty || !post ? await save() : post;
      const { data } = await postCalls.publish(current.id, {
        published_at: values.published_at,
        version: current.version,
      });
      settle(data);
      showToast({
        title: data.status === 'scheduled' ? 'Noticia programada' : 'Noticia publicada',
        description:
          data.status === 'scheduled' && data.published_at
            ? `Las farmacias la verán desde el ${formatDateTime(data.published_at)}.`
            : 'Las farmacias ya pueden leerla en el portal.',
        tone: 'success',
      });
      toOwnAddress(data);
    });

  const unpublish = () =>
    run('unpublish', async () => {
      if (!post) return;
      settle((await postCalls.unpublish(post.id, post.version)).data);
      showToast({
        title: 'Noticia retirada del portal',
        description: 'Vuelve a ser un borrador.',
        tone: 'info',
      });
    });

  async function remove() {
    if (!post) return;
    try {
      await postCalls.remove(post.id);
    } catch (error) {
      failed(error);
      throw error;
    }
    skipGuard.current = true;
    showToast({ title: 'Noticia eliminada', tone: 'success' });
    await afterPostDelete(queryClient, post.id, () => navigate('/news'));
  }

  function choosePicture(event: ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file || !post) return;
    const alt = values.image_alt.trim();
    if (alt === '') {
      setErrors((current) => ({ ...current, image_alt: 'Describe la imagen antes de subirla.' }));
      return;
    }
    void run('picture', async () => {
      const { data } = await postCalls.uploadPicture(post.id, file, alt);
      settle(data);
      setSaved((current) => ({ ...current, image_alt: data.image.alt }));
      setErrors(({ file: _file, ...rest }) => rest);
      showToast({ title: 'Imagen guardada', tone: 'success' });
    });
  }

  const removePicture = () =>
    run('picture', async () => {
      if (!post) return;
      settle((await postCalls.deletePicture(post.id)).data);
      showToast({
        title: 'Imagen quitada',
        description: 'Se muestra la ilustración de la noticia.',
        tone: 'info',
      });
    });

  const status = post ? STATUS_LABELS[post.status] : STATUS_LABELS.draft;
  const willSchedule = isFuture(values.published_at, new Date());
  const isBusy = busy !== null;

  return (
    <section className="bo-news bo-news-edit" aria-labelledby="post-title">
      <p className="bo-news__back">
        <Link href="/news">Volver a noticias</Link>
      </p>
      <div className="bo-news__head">
        <h1 id="post-title">{post ? 'Editar noticia' : 'Nueva noticia'}</h1>
        <Badge tone={status.tone}>{status.label}</Badge>
        {post?.published_at && post.status !== 'draft' ? (
          <span className="bo-news__muted">
            {post.status === 'scheduled' ? 'Se publicará el' : 'Publicada el'}{' '}
            {formatDateTime(post.published_at)}
          </span>
        ) : null}
        {isDirty ? <span className="bo-news__unsaved">Cambios sin guardar</span> : null}
      </div>

      {conflict ? (
        <div role="alert" className="bo-news__alert">
          <p>{conflict}</p>
          <Button
            variant="secondary"
            size="sm"
            onPress={() => {
              skipGuard.current = true;
              onReload();
            }}
          >
            Cargar la versión guardada
          </Button>
        </div>
      ) : null}
      {formMessage ? (
        <p role="alert" className="bo-news__alert">
          {formMessage}
        </p>
      ) : null}

      <div className="bo-news-edit__grid">
        <div className="bo-news-edit__main">
          <TextField
            label="Título"
            value={values.title}
            onChange={set('title')}
            isRequired
            isReadOnly={!isAdmin}
            maxLength={160}
            isInvalid={Boolean(errors.title)}
            errorMessage={errors.title}
          />
          <TextField
            label="Entradilla"
            description="Una o dos frases: las que se leen en la lista de noticias."
            value={values.excerpt}
            onChange={set('excerpt')}
            isMultiline
            rows={2}
            isRequired
            isReadOnly={!isAdmin}
            maxLength={400}
            isInvalid={Boolean(errors.excerpt)}
            errorMessage={errors.excerpt}
          />
          <BodyField
            initial={saved.body}
            onChange={set('body')}
            errorMessage={errors.body}
            isReadOnly={!isAdmin}
          />
        </div>

        <div className="bo-news-edit__side">
          <TextField
            label="Categoría"
            description="Por ejemplo Laboratorio, Investigación o Formación."
            value={values.category}
            onChange={set('category')}
            isRequired
            isReadOnly={!isAdmin}
            maxLength={40}
            isInvalid={Boolean(errors.category)}
            errorMessage={errors.category}
          />
          <TextField
            label="Firma"
            value={values.author}
            onChange={set('author')}
            isRequired
            isReadOnly={!isAdmin}
            maxLength={80}
            isInvalid={Boolean(errors.author)}
            errorMessage={errors.author}
          />

          <fieldset className="bo-news-edit__picture">
            <legend className="bt-field__label">Imagen</legend>
            {post ? (
              <img
                className="bo-news-edit__thumb"
                src={post.image.url}
                alt={post.image.alt}
                width={1200}
                height={675}
              />
            ) : null}
            <p className="bo-news__muted">
              {post?.image.uploaded
                ? 'Imagen subida.'
                : 'Sin imagen subida: el portal muestra una ilustración con la categoría.'}
            </p>
            <TextField
              label="Descripción de la imagen"
              description="Lo que se ve en ella, para quien no puede verla."
              value={values.image_alt}
              onChange={set('image_alt')}
              isRequired
              isReadOnly={!isAdmin}
              maxLength={250}
              isInvalid={Boolean(errors.image_alt)}
              errorMessage={errors.image_alt}
            />
            {isAdmin ? (
              post ? (
                <div className="bo-news-edit__picture-actions">
                  <input
                    ref={fileInput}
                    id={pictureId}
                    className="bt-visually-hidden"
                    type="file"
                    accept="image/jpeg,image/png,image/webp,image/avif"
                    onChange={choosePicture}
                    tabIndex={-1}
                    aria-hidden="true"
                  />
                  <Button
                    variant="secondary"
                    size="sm"
                    isPending={busy === 'picture'}
                    isDisabled={isBusy}
                    onPress={() => fileInput.current?.click()}
                  >
                    {post.image.uploaded ? 'Cambiar la imagen' : 'Subir una imagen'}
                  </Button>
                  {post.image.uploaded ? (
                    <Button
                      variant="ghost"
                      size="sm"
                      isDisabled={isBusy}
                      onPress={() => void removePicture()}
                    >
                      Quitar la imagen
                    </Button>
                  ) : null}
                  <span className="bo-news__muted">JPEG, PNG, WebP o AVIF.</span>
                </div>
              ) : (
                <p className="bo-news__muted">Guarda el borrador para subir una imagen.</p>
              )
            ) : null}
            {errors.file ? <p className="bo-news-editor__error">{errors.file}</p> : null}
          </fieldset>

          <div className="bt-field">
            <label className="bt-field__label" htmlFor={dateId}>
              Fecha y hora de publicación
            </label>
            <input
              id={dateId}
              className="bt-input"
              type="datetime-local"
              value={values.published_at}
              onChange={(event) => set('published_at')(event.target.value)}
              readOnly={!isAdmin}
              aria-describedby={`${dateId}-help${errors.published_at ? ` ${dateId}-error` : ''}`}
              aria-invalid={errors.published_at ? true : undefined}
              required
            />
            <span id={`${dateId}-help`} className="bo-news__muted">
              Hora de Madrid. Una fecha futura programa la noticia.
            </span>
            {errors.published_at ? (
              <span id={`${dateId}-error`} className="bo-news-editor__error">
                {errors.published_at}
              </span>
            ) : null}
          </div>
        </div>
      </div>

      <div className="bo-news-edit__actions">
        <Button variant="secondary" onPress={() => setPreviewOpen(true)} isDisabled={isBusy}>
          Vista previa
        </Button>
        {isAdmin ? (
          <>
            <Button
              variant="secondary"
              onPress={() => void saveDraft()}
              isPending={busy === 'save'}
              isDisabled={isBusy}
            >
              Guardar borrador
            </Button>
            <Button onPress={() => void publish()} isPending={busy === 'publish'} isDisabled={isBusy}>
              {willSchedule ? 'Programar' : 'Publicar'}
            </Button>
            {post && post.status !== 'draft' ? (
              <Button
                variant="ghost"
                onPress={() => void unpublish()}
                isPending={busy === 'unpublish'}
                isDisabled={isBusy}
              >
                Retirar del portal
              </Button>
            ) : null}
            {post ? (
              <Button variant="danger" onPress={() => setDeleteOpen(true)} isDisabled={isBusy}>
                Eliminar
              </Button>
            ) : null}
          </>
        ) : null}
      </div>

      {isPreviewOpen ? (
        <PostPreview
          title={values.title}
          category={values.category}
          author={values.author}
          publishedAt={values.published_at}
          image={post ? { url: post.image.url, alt: values.image_alt } : null}
          body={values.body}
          onClose={() => setPreviewOpen(false)}
        />
      ) : null}
      {isDeleteOpen ? (
        <ConfirmDialog
          title="¿Eliminar la noticia?"
          isOpen
          onOpenChange={(isOpen) => {
            if (!isOpen) setDeleteOpen(false);
          }}
          confirmLabel="Eliminar la noticia"
          isDestructive
          onConfirm={remove}
        >
          {post?.status === 'draft'
            ? 'Se borra el borrador con su imagen. No se puede deshacer.'
            : 'Desaparece del portal y se borra con su imagen. No se puede deshacer.'}
        </ConfirmDialog>
      ) : null}
      {blocker.state === 'blocked' ? (
        <ConfirmDialog
          title="¿Salir sin guardar?"
          isOpen
          onOpenChange={(isOpen) => {
            if (!isOpen) blocker.reset();
          }}
          confirmLabel="Salir sin guardar"
          cancelLabel="Seguir editando"
          isDestructive
          onConfirm={() => {
            blocker.proceed();
            return undefined;
          }}
          onCancel={() => blocker.reset()}
        >
          Los cambios de esta noticia que no has guardado se perderán.
        </ConfirmDialog>
      ) : null}
    </section>
  );
}

function SavedPost({ id }: { id: string }) {
  const { data, refetch } = useSuspenseQuery(postDetail(id));
  const [loaded, setLoaded] = useState(0);
  return (
    <PostEditor
      key={`${id}-${loaded}`}
      post={data.data}
      onReload={() => void refetch().then(() => setLoaded((count) => count + 1))}
    />
  );
}

export function Component() {
  const { id } = useParams();
  return id === undefined ? <PostEditor post={null} onReload={() => undefined} /> : <SavedPost id={id} />;
}
