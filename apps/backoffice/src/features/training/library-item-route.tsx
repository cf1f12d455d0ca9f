/**
 * /backoffice/training/materials/:id and /training/newsletters/:id (and /new): a material's or
 * newsletter's form and its PDF. The PDF is uploaded once the item exists: the server checks what
 * the bytes are, so a file that is too big (413) or not a PDF (422) is refused with its message
 * beside the file, and the PDF in place stays until a new one is stored. An admin edits and deletes
 * after a confirmation; a sales rep reads.
 */
import { isApiError } from '@botica/api-client';
import {
  type AdminMaterial,
  type AdminNewsletter,
  MAX_MATERIAL_PRODUCTS,
  type TrainingProduct,
} from '@botica/api-client/admin';
import { queryClientOf, useDocumentTitle, useForm } from '@botica/app-shell';
import { madridWallClock } from '@botica/domain';
import { Button, Form, Link, NativeSelect, showToast, TextField } from '@botica/ui';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useAtomValue } from 'jotai';
import { useId, useRef, useState } from 'react';
import { type LoaderFunctionArgs, useLocation, useNavigate, useParams } from 'react-router';
import { adminApi } from '../../shared/api.ts';
import { reportCallError } from '../../shared/errors.ts';
import { RemoveButton } from '../../shared/remove-button.tsx';
import { userAtom } from '../auth/session.ts';
import { savingUnlessStale } from './conflict.ts';
import { kindOf } from './library-route.tsx';
import { ProductPicker } from './product-picker.tsx';
import {
  materialDetail,
  newsletterDetail,
  saveMaterial,
  saveNewsletter,
  settleTraining,
  webinarList,
} from './queries.ts';
import {
  fileSize,
  LIBRARY_FIELDS,
  type LibraryKind,
  libraryFieldOf,
  libraryProblems,
  libraryValues,
  materialRequest,
  newsletterRequest,
} from './training-form.ts';
import { TrainingNav } from './training-nav.tsx';
import './training.css';

type Item = AdminMaterial | AdminNewsletter;

const WORDS = {
  materials: {
    path: '/training/materials',
    list: 'Volver al material científico',
    new: 'Nuevo material',
    saved: 'Documento guardado',
    created: 'Documento creado',
    deleted: 'Documento eliminado',
    remove: 'Eliminar documento',
    question: '¿Eliminar este documento?',
    text: 'Descripción',
  },
  newsletters: {
    path: '/training/newsletters',
    list: 'Volver a los boletines',
    new: 'Nuevo boletín',
    saved: 'Boletín guardado',
    created: 'Boletín creado',
    deleted: 'Boletín eliminado',
    remove: 'Eliminar boletín',
    question: '¿Eliminar este boletín?',
    text: 'Resumen',
  },
} as const;

const detailOf = (kind: LibraryKind, id: string) =>
  (kind === 'materials' ? materialDetail(id) : newsletterDetail(id)) as ReturnType<typeof materialDetail>;

export async function loader({ context, params, request }: LoaderFunctionArgs) {
  const kind = kindOf(new URL(request.url).pathname);
  const queryClient = await queryClientOf(context);
  // The webinars a material may name, ready by the time the form shows (not waited for).
  if (kind === 'materials') void queryClient.prefetchQuery(webinarList({}));
  if (params.id === undefined) return null;
  return queryClient.fetchQuery(detailOf(kind, params.id));
}

/** Today in Madrid as a `date` field writes it: `2027-03-29`. */
function todayInMadrid(): string {
  return madridWallClock(new Date()).slice(0, 10);
}

function ItemForm({ kind, item, isAdmin }: { kind: LibraryKind; item: Item | null; isAdmin: boolean }) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const words = WORDS[kind];
  const initialWebinar = item !== null && 'webinar' in item && item.webinar ? String(item.webinar.id) : '';
  const [webinarId, setWebinarId] = useState(initialWebinar);
  const [products, setProducts] = useState<TrainingProduct[]>(
    item !== null && 'products' in item ? item.products : [],
  );
  const webinars = useQuery({ ...webinarList({}), enabled: kind === 'materials' });
  const form = useForm({
    fields: LIBRARY_FIELDS,
    initial: libraryValues(item, todayInMadrid()),
    problemsOf: libraryProblems(kind),
    send: (values) =>
      savingUnlessStale(async () => {
        const id = item === null ? undefined : String(item.id);
        const version = item?.version ?? 0;
        const { data } =
          kind === 'materials'
            ? await saveMaterial(
                id,
                {
                  ...materialRequest(values, webinarId === '' ? null : Number(webinarId)),
                  product_ids: products.map((product) => product.id),
                },
                version,
              )
            : await saveNewsletter(id, newsletterRequest(values), version);
        await settleTraining(queryClient);
        showToast({ title: id === undefined ? words.created : words.saved, tone: 'success' });
        if (id === undefined) void navigate(`${words.path}/${data.id}`);
      }),
    reportError: reportCallError,
    onFailure: (failure) => ({
      ...failure,
      fields: Object.fromEntries(
        Object.entries(failure.fields).flatMap(([field, message]) => {
          const own = libraryFieldOf(field);
          return own === null ? [] : [[own, message]];
        }),
      ),
    }),
  });
  const webinarOptions = [
    { id: '', label: 'Ninguno' },
    ...(webinars.data?.data ?? []).map((webinar) => ({ id: String(webinar.id), label: webinar.title })),
    ...(item !== null &&
    'webinar' in item &&
    item.webinar &&
    !(webinars.data?.data ?? []).some((webinar) => webinar.id === item.webinar?.id)
      ? [{ id: String(item.webinar.id), label: item.webinar.title }]
      : []),
  ];
  return (
    <div ref={form.formRef}>
      <Form validationBehavior="aria" onSubmit={form.onSubmit} errorMessage={form.formMessage}>
        <div className="bo-training__grid">
          <TextField {...form.fieldProps('title')} label="Título" isRequired isReadOnly={!isAdmin} />
          <TextField
            {...form.fieldProps('published_on')}
            label="Fecha de publicación"
            type="date"
            isRequired
            isReadOnly={!isAdmin}
          />
          {kind === 'materials' ? (
            <>
              <TextField
                {...form.fieldProps('tags')}
                label="Etiquetas"
                description="Separadas por comas, por ejemplo: Sueño, Valeriana."
                isReadOnly={!isAdmin}
              />
              <NativeSelect
                label="Webinar en que se presentó"
                value={webinarId}
                onChange={setWebinarId}
                options={webinarOptions}
                disabled={!isAdmin}
              />
            </>
          ) : null}
        </div>
        <TextField
          {...form.fieldProps('text')}
          label={words.text}
          isMultiline
          rows={4}
          isRequired
          isReadOnly={!isAdmin}
        />
        {kind === 'materials' ? (
          <ProductPicker
            chosen={products}
            onChange={setProducts}
            isReadOnly={!isAdmin}
            max={MAX_MATERIAL_PRODUCTS}
          />
        ) : null}
        {isAdmin ? (
          <div className="bo-training__actions">
            <Button type="submit" isPending={form.isPending}>
              {item === null ? 'Crear' : 'Guardar cambios'}
            </Button>
          </div>
        ) : null}
      </Form>
    </div>
  );
}

/** The PDF: what is stored, its download, and (for an admin) the upload of a new one. */
function PdfUpload({ kind, item, isAdmin }: { kind: LibraryKind; item: Item; isAdmin: boolean }) {
  const queryClient = useQueryClient();
  const inputId = useId();
  const errorId = useId();
  const input = useRef<HTMLInputElement>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [isPending, setPending] = useState(false);
  async function upload() {
    const file = input.current?.files?.[0];
    if (!file) {
      setProblem('Elige un fichero PDF.');
      return;
    }
    setProblem(null);
    setPending(true);
    try {
      const call = kind === 'materials' ? adminApi.materials.upload : adminApi.newsletters.upload;
      await call(String(item.id), file, { name: file.name });
      await settleTraining(queryClient);
      if (input.current) input.current.value = '';
      showToast({ title: 'PDF guardado', description: file.name, tone: 'success' });
    } catch (error) {
      if (isApiError(error) && error.status === 413) setProblem('Fichero demasiado grande.');
      else if (isApiError(error) && error.status === 422)
        setProblem(error.fieldError('file') ?? error.message);
      else reportCallError(error);
    } finally {
      setPending(false);
    }
  }
  return (
    <section className="bo-training__section" aria-labelledby="pdf-title">
      <h2 id="pdf-title">PDF</h2>
      {item.file === null ? (
        <p className="bo-training__muted">
          Todavía no tiene PDF: no aparece en el portal hasta que lo tenga.
        </p>
      ) : (
        <p>
          <a href={`/api/v1/admin/training/${kind}/${item.id}/file`} download className="bt-link">
            {item.file.name}
          </a>{' '}
          <span className="bo-training__muted">· {fileSize(item.file.size)}</span>
        </p>
      )}
      {isAdmin ? (
        <div className="bo-training__upload">
          <label htmlFor={inputId} className="bt-field__label">
            {item.file === null ? 'Subir el PDF' : 'Sustituir el PDF'}
          </label>
          <input
            id={inputId}
            ref={input}
            className="bo-training__file"
            type="file"
            name="file"
            accept="application/pdf,.pdf"
            aria-invalid={problem === null ? undefined : true}
            aria-describedby={problem === null ? undefined : errorId}
            onChange={() => setProblem(null)}
          />
          <Button variant="secondary" isPending={isPending} onPress={() => void upload()}>
            Subir PDF
          </Button>
          {problem === null ? null : (
            <p id={errorId} className="bo-training__error" role="alert">
              {problem}
            </p>
          )}
        </div>
      ) : null}
    </section>
  );
}

function DeleteItem({ kind, item }: { kind: LibraryKind; item: Item }) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const words = WORDS[kind];
  return (
    <RemoveButton
      label={words.remove}
      variant="danger"
      title={words.question}
      confirmLabel="Eliminar"
      onConfirm={async () => {
        const call = kind === 'materials' ? adminApi.materials.delete : adminApi.newsletters.delete;
        await call(String(item.id));
        await settleTraining(queryClient);
      }}
      done={{ title: words.deleted }}
      onDone={() => void navigate(words.path)}
    >
      Se eliminarán «{item.title}» y su PDF; deja de estar en el portal. No se puede deshacer.
    </RemoveButton>
  );
}

export function Component() {
  const kind = kindOf(useLocation().pathname);
  const words = WORDS[kind];
  const id = useParams().id;
  const isAdmin = useAtomValue(userAtom)?.role === 'admin';
  const item = (useQuery({ ...detailOf(kind, id ?? ''), enabled: id !== undefined }).data?.data ??
    null) as Item | null;
  useDocumentTitle(id === undefined ? words.new : (item?.title ?? words.new));
  if (id !== undefined && item === null) return null;
  return (
    <section className="bo-training" aria-labelledby="item-title">
      <TrainingNav current={words.path} />
      <p className="bo-training__back">
        <Link href={words.path} variant="standalone">
          {words.list}
        </Link>
      </p>
      <div className="bo-training__head">
        <h1 id="item-title">{item === null ? words.new : item.title}</h1>
        {item !== null && isAdmin ? <DeleteItem kind={kind} item={item} /> : null}
      </div>
      <ItemForm
        key={`${kind}-${item?.id ?? 'new'}-${item?.version ?? 0}`}
        kind={kind}
        item={item}
        isAdmin={isAdmin}
      />
      {item === null ? (
        <p className="bo-training__muted">Guarda los datos para poder subir el PDF.</p>
      ) : (
        <PdfUpload kind={kind} item={item} isAdmin={isAdmin} />
      )}
    </section>
  );
}
