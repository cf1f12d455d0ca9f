/**
 * /backoffice/catalogue/categories: the two trees, the ranges ('Gamas') and the health problems
 * ('Problemas de salud'). An admin creates a category under any of its tree, renames it, moves it
 * (chooses its parent), reorders it among its siblings ('Subir' and 'Bajar', the focus staying on
 * the moved category) and deletes it when empty (the server says why not otherwise). A sales rep
 * reads the trees.
 */
import type { AdminCategory } from '@botica/api-client/admin';
import { formFailure, queryClientOf, useDocumentTitle } from '@botica/app-shell';
import { formatCount } from '@botica/domain';
import { Badge, Button, ConfirmDialog, Dialog, Link, NativeSelect, showToast, TextField } from '@botica/ui';
import { useMutation, useQueryClient, useSuspenseQuery } from '@tanstack/react-query';
import { useAtomValue } from 'jotai';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import type { LoaderFunctionArgs } from 'react-router';
import { reportCallError } from '../../shared/errors.ts';
import { userAtom } from '../auth/session.ts';
import {
  type FlatCategory,
  findNode,
  flatten,
  parentChoices,
  reorderedSiblings,
  treeName,
} from './category-tree.ts';
import { type CategoryChange, categoryMutation, categoryTrees } from './queries.ts';
import './catalogue.css';

export async function loader({ context }: LoaderFunctionArgs) {
  const queryClient = await queryClientOf(context);
  return queryClient.fetchQuery(categoryTrees());
}

/** What the admin is doing to a category, in a dialog. */
type Editing =
  | { kind: 'create'; root: AdminCategory }
  | { kind: 'rename'; root: AdminCategory; category: FlatCategory }
  | { kind: 'move'; root: AdminCategory; category: FlatCategory }
  | { kind: 'delete'; category: FlatCategory };

interface Failure {
  message?: string | undefined;
  fields: Record<string, string>;
}

/** The failure a dialog shows, or null when the app's error presentation has shown it. */
function failureOf(error: unknown): Failure | null {
  const failure = formFailure(error, (status) => status === 409 || status === 422);
  if (!failure) {
    reportCallError(error);
    return null;
  }
  return { message: failure.message, fields: failure.fields };
}

function CategoryDialog({
  editing,
  onChange,
  onClose,
}: {
  editing: Exclude<Editing, { kind: 'delete' }>;
  onChange: (change: CategoryChange) => Promise<void>;
  onClose: () => void;
}) {
  const { root } = editing;
  const category = editing.kind === 'create' ? null : editing.category;
  const [name, setName] = useState(category?.name ?? '');
  const [parentId, setParentId] = useState(String(category?.parentId ?? root.id));
  const [failure, setFailure] = useState<Failure | null>(null);
  const [isPending, setPending] = useState(false);
  const hasName = editing.kind !== 'move';
  const hasParent = editing.kind !== 'rename';
  const title =
    editing.kind === 'create'
      ? `Nueva categoría en ${treeName(root.id)}`
      : editing.kind === 'rename'
        ? `Renombrar «${editing.category.name}»`
        : `Mover «${editing.category.name}»`;
  const parentProblem = failure?.fields.parent_id;

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (hasName && name.trim() === '') {
      setFailure({ fields: { name: 'El nombre es obligatorio.' } });
      return;
    }
    const change: CategoryChange =
      editing.kind === 'create'
        ? { kind: 'create', body: { name, parent_id: Number(parentId) } }
        : editing.kind === 'rename'
          ? { kind: 'update', id: editing.category.id, body: { name } }
          : { kind: 'update', id: editing.category.id, body: { parent_id: Number(parentId) } };
    setPending(true);
    try {
      await onChange(change);
      onClose();
    } catch (error) {
      const shown = failureOf(error);
      if (shown) setFailure(shown);
    } finally {
      setPending(false);
    }
  }

  return (
    <Dialog
      title={title}
      isOpen
      isDismissable={!isPending}
      onOpenChange={(isOpen) => {
        if (!isOpen) onClose();
      }}
      size="md"
    >
      <form onSubmit={submit} noValidate>
        {failure?.message ? (
          <p className="bo-catalogue__field-error" role="alert">
            {failure.message}
          </p>
        ) : null}
        {hasName ? (
          <TextField
            label="Nombre"
            name="name"
            value={name}
            onChange={(value) => {
              setName(value);
              setFailure(null);
            }}
            isRequired
            maxLength={100}
            isInvalid={failure?.fields.name !== undefined}
            errorMessage={failure?.fields.name}
            autoFocus
          />
        ) : null}
        {hasParent ? (
          <div>
            <NativeSelect
              label={editing.kind === 'create' ? 'Dentro de' : 'Mover dentro de'}
              value={parentId}
              onChange={(value) => {
                setParentId(value);
                setFailure(null);
              }}
              aria-invalid={parentProblem !== undefined}
              aria-describedby={parentProblem ? 'category-parent-error' : undefined}
              options={parentChoices(root, category?.id ?? -1).map((choice) => ({
                id: String(choice.id),
                label: choice.label,
              }))}
              autoFocus={!hasName}
            />
            {parentProblem ? (
              <p id="category-parent-error" className="bo-catalogue__field-error">
                {parentProblem}
              </p>
            ) : null}
          </div>
        ) : null}
        <div className="bo-catalogue__dialog-actions">
          <Button type="submit" isPending={isPending}>
            {editing.kind === 'create' ? 'Crear' : editing.kind === 'rename' ? 'Renombrar' : 'Mover'}
          </Button>
          <Button variant="secondary" isDisabled={isPending} onPress={onClose}>
            Cancelar
          </Button>
        </div>
      </form>
    </Dialog>
  );
}

function DeleteDialog({
  category,
  onChange,
  onClose,
}: {
  category: FlatCategory;
  onChange: (change: CategoryChange) => Promise<void>;
  onClose: () => void;
}) {
  const [refusal, setRefusal] = useState<string | null>(null);
  return (
    <ConfirmDialog
      title={`Borrar «${category.name}»`}
      isOpen
      onOpenChange={(isOpen) => {
        if (!isOpen) onClose();
      }}
      confirmLabel="Borrar"
      isDestructive
      onConfirm={async () => {
        try {
          await onChange({ kind: 'delete', id: category.id });
          showToast({ title: `Categoría «${category.name}» borrada`, tone: 'success' });
        } catch (error) {
          const shown = failureOf(error);
          setRefusal(shown?.message ?? Object.values(shown?.fields ?? {})[0] ?? null);
          throw error;
        }
      }}
    >
      <p>Solo se puede borrar una categoría sin productos ni subcategorías.</p>
      {refusal ? (
        <p className="bo-catalogue__field-error" role="alert">
          {refusal}
        </p>
      ) : null}
    </ConfirmDialog>
  );
}

function CategoryItem({
  category,
  isAdmin,
  isBusy,
  onEdit,
  onMove,
}: {
  category: FlatCategory;
  isAdmin: boolean;
  isBusy: boolean;
  onEdit: (kind: 'rename' | 'move' | 'delete') => void;
  onMove: (by: -1 | 1) => void;
}) {
  const products = category.productCount;
  return (
    <li
      className="bo-catalogue__tree-item"
      style={{ marginInlineStart: `${String(category.depth * 1.5)}rem` }}
      data-category={category.id}
    >
      <span className="bo-catalogue__tree-name">
        <strong>{category.name}</strong>
        <span className="bo-catalogue__muted">
          {products === 1 ? '1 producto' : `${formatCount(products)} productos`}
          {category.childCount > 0
            ? ` · ${category.childCount === 1 ? '1 subcategoría' : `${String(category.childCount)} subcategorías`}`
            : ''}
        </span>
        {category.depth > 0 ? <Badge tone="neutral">Nivel {category.depth + 1}</Badge> : null}
      </span>
      {isAdmin ? (
        <span className="bo-catalogue__actions">
          <Button
            variant="ghost"
            size="sm"
            data-move="up"
            isDisabled={category.index === 0}
            onPress={() => {
              if (!isBusy) onMove(-1);
            }}
            aria-label={`Subir «${category.name}»`}
          >
            Subir
          </Button>
          <Button
            variant="ghost"
            size="sm"
            data-move="down"
            isDisabled={category.index === category.siblings - 1}
            onPress={() => {
              if (!isBusy) onMove(1);
            }}
            aria-label={`Bajar «${category.name}»`}
          >
            Bajar
          </Button>
          <Button
            variant="secondary"
            size="sm"
            onPress={() => onEdit('rename')}
            aria-label={`Renombrar «${category.name}»`}
          >
            Renombrar
          </Button>
          <Button
            variant="secondary"
            size="sm"
            onPress={() => onEdit('move')}
            aria-label={`Mover «${category.name}»`}
          >
            Mover
          </Button>
          <Button
            variant="ghost"
            size="sm"
            onPress={() => onEdit('delete')}
            aria-label={`Borrar «${category.name}»`}
          >
            Borrar
          </Button>
        </span>
      ) : null}
    </li>
  );
}

export function Component() {
  useDocumentTitle('Categorías');
  const isAdmin = useAtomValue(userAtom)?.role === 'admin';
  const { data: trees } = useSuspenseQuery(categoryTrees());
  const change = useMutation(categoryMutation(useQueryClient()));
  const [editing, setEditing] = useState<Editing | null>(null);
  // The category just reordered and its button: the focus follows it to its new place.
  const moved = useRef<{ id: number; direction: 'up' | 'down' } | null>(null);
  const list = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const target = moved.current;
    if (!target || change.isPending) return;
    const item = list.current?.querySelector(`[data-category="${String(target.id)}"]`);
    const button =
      item?.querySelector<HTMLButtonElement>(`[data-move="${target.direction}"]:not([disabled])`) ??
      item?.querySelector<HTMLButtonElement>('[data-move]:not([disabled])');
    button?.focus();
    moved.current = null;
  });

  async function reorder(category: FlatCategory, by: -1 | 1) {
    const order = reorderedSiblings(trees.data, category.id, by);
    if (!order) return;
    moved.current = { id: category.id, direction: by === -1 ? 'up' : 'down' };
    try {
      await change.mutateAsync({
        kind: 'update',
        id: category.id,
        body: { position: order.indexOf(category.id) },
      });
    } catch (error) {
      const shown = failureOf(error);
      if (shown) showToast({ title: shown.message ?? 'No se ha podido mover la categoría.', tone: 'danger' });
    }
  }

  const run = (next: CategoryChange) => change.mutateAsync(next);

  return (
    <section className="bo-catalogue" aria-labelledby="categories-title">
      <p className="bo-catalogue__back">
        <Link href="/catalogue" variant="standalone">
          Volver al catálogo
        </Link>
      </p>
      <h1 id="categories-title">Categorías</h1>
      <p className="bo-catalogue__muted">
        {isAdmin
          ? 'Las gamas y los problemas de salud del catálogo, en el orden en que los ve el portal.'
          : 'Las gamas y los problemas de salud del catálogo (solo lectura).'}
      </p>
      <div ref={list} className="bo-catalogue__form">
        {trees.data.map((root) => {
          const categories = flatten(root);
          const titleId = `tree-${String(root.id)}`;
          return (
            <section key={root.id} className="bo-catalogue__section" aria-labelledby={titleId}>
              <div className="bo-catalogue__head">
                <h2 id={titleId}>{treeName(root.id)}</h2>
                {isAdmin ? (
                  <Button size="sm" onPress={() => setEditing({ kind: 'create', root })}>
                    Nueva categoría
                  </Button>
                ) : null}
              </div>
              {categories.length === 0 ? (
                <p>Todavía no hay categorías.</p>
              ) : (
                <ul className="bo-catalogue__tree-list" aria-labelledby={titleId}>
                  {categories.map((category) => (
                    <CategoryItem
                      key={category.id}
                      category={category}
                      isAdmin={isAdmin}
                      isBusy={change.isPending}
                      onMove={(by) => void reorder(category, by)}
                      onEdit={(kind) =>
                        setEditing(kind === 'delete' ? { kind, category } : { kind, root, category })
                      }
                    />
                  ))}
                </ul>
              )}
            </section>
          );
        })}
      </div>
      {editing && editing.kind !== 'delete' ? (
        <CategoryDialog
          editing={editing}
          onChange={async (next) => {
            await run(next);
            const name = findNode(trees.data, editing.kind === 'create' ? -1 : editing.category.id)?.name;
            showToast({
              title:
                editing.kind === 'create'
                  ? 'Categoría creada'
                  : editing.kind === 'rename'
                    ? `Categoría renombrada${name ? ` («${name}» antes)` : ''}`
                    : 'Categoría movida',
              tone: 'success',
            });
          }}
          onClose={() => setEditing(null)}
        />
      ) : null}
      {editing?.kind === 'delete' ? (
        <DeleteDialog category={editing.category} onChange={run} onClose={() => setEditing(null)} />
      ) : null}
    </section>
  );
}
