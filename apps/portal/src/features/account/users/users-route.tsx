/**
 * /account/users, MIS USUARIOS: the pharmacy's sub-users, created, changed and deleted by its main
 * user. A sub-user does not see the section's link, and here sees 'Datos Restringidos';
 * the server refuses it anyway (403). Deleting asks first (ConfirmDialog) and ends the sub-user's
 * sessions.
 */
import type { SubUser } from '@botica/api-client/schemas';
import { queryClientOf, useDocumentTitle } from '@botica/app-shell';
import { Button, ConfirmDialog, EmptyState, showToast } from '@botica/ui';
import { useMutation, useQueryClient, useSuspenseQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { type LoaderFunctionArgs, useLoaderData } from 'react-router';
import { reportCallError } from '../../../shared/errors.ts';
import { currentUser, isClient } from '../../auth/session.ts';
import '../account.css';
import { EmailText } from '../contact-link.tsx';
import { deleteSubUserMutation, subUsersQuery } from '../queries.ts';
import { RestrictedSection } from '../restricted.tsx';
import { SubUserDialog } from './sub-user-dialog.tsx';

type UsersData = { restricted: true } | { restricted: false; clientId: number };

export async function loader({ context }: LoaderFunctionArgs): Promise<UsersData> {
  const user = await currentUser();
  // A sub-user is not asked for data it may not see: the page says so at once.
  if (!isClient(user) || user.is_sub_user) return { restricted: true };
  const clientId = user.client.id;
  await (await queryClientOf(context)).fetchQuery(subUsersQuery(clientId));
  return { restricted: false, clientId };
}

export function Component() {
  const data = useLoaderData() as UsersData;
  useDocumentTitle('Mis usuarios');
  return (
    <div className="account">
      <h1 className="account__title" id="users-title" tabIndex={-1}>
        Mis usuarios
      </h1>
      {data.restricted ? <RestrictedSection /> : <SubUsers clientId={data.clientId} />}
    </div>
  );
}

const deleteButtonId = (user: SubUser) => `eliminar-usuario-${user.id}`;

type Editing = { kind: 'new' } | { kind: 'edit'; user: SubUser } | null;

function SubUsers({ clientId }: { clientId: number }) {
  const queryClient = useQueryClient();
  const users = useSuspenseQuery(subUsersQuery(clientId)).data.data;
  const deletion = useMutation(deleteSubUserMutation(queryClient, clientId));
  const [editing, setEditing] = useState<Editing>(null);
  const [deleting, setDeleting] = useState<SubUser | null>(null);
  // Where the focus goes once a deleted user's row and the dialog are gone: the next row's (or, for
  // the last row, the previous row's) 'Eliminar', or the page's heading when no row is left.
  const [focusAfterDelete, setFocusAfterDelete] = useState<string | null>(null);

  useEffect(() => {
    if (deleting !== null || focusAfterDelete === null) return;
    // After the dialog has given the focus back to its trigger, which is gone with its row.
    let frame = requestAnimationFrame(() => {
      frame = requestAnimationFrame(() => {
        document.getElementById(focusAfterDelete)?.focus();
        setFocusAfterDelete(null);
      });
    });
    return () => cancelAnimationFrame(frame);
  }, [deleting, focusAfterDelete]);

  function saved(user: SubUser, isNew: boolean) {
    setEditing(null);
    showToast(
      isNew
        ? {
            title: 'Usuario creado',
            description: `Hemos enviado a ${user.email} la invitación para elegir su contraseña.`,
            tone: 'success',
          }
        : {
            title: 'Cambios guardados',
            description: `${user.name}: datos y permisos al día.`,
            tone: 'success',
          },
      { timeoutMs: 7000 },
    );
  }

  async function remove(user: SubUser) {
    try {
      const index = users.findIndex((item) => item.id === user.id);
      const neighbour = users[index + 1] ?? users[index - 1];
      await deletion.mutateAsync(user.id);
      setFocusAfterDelete(neighbour ? deleteButtonId(neighbour) : 'users-title');
      showToast(
        { title: 'Usuario eliminado', description: `${user.name} ya no puede entrar.`, tone: 'success' },
        { timeoutMs: 7000 },
      );
    } catch (error) {
      reportCallError(error);
    }
  }

  return (
    <>
      <div className="account__toolbar">
        <p className="account__intro account__intro--inline">
          Las personas de tu farmacia que entran en el portal con su propio usuario. Tú decides si pueden
          enviar pedidos y ver las facturas.
        </p>
        <Button onPress={() => setEditing({ kind: 'new' })}>Nuevo usuario</Button>
      </div>
      {users.length === 0 ? (
        <EmptyState
          title="Aún no tienes otros usuarios"
          description="Crea uno para cada persona de tu farmacia que prepare o envíe pedidos."
        />
      ) : (
        <ul className="account__users" aria-label="Usuarios de la farmacia">
          {users.map((user) => (
            <li key={user.id} className="account__card account__user">
              <div className="account__user-main">
                <h2 className="account__user-name">
                  {user.name}
                  {user.is_active ? null : <span className="account__badge">Inactivo</span>}
                  {user.invitation_pending ? (
                    <span className="account__badge">Invitación enviada</span>
                  ) : null}
                </h2>
                <p>
                  {user.username} · <EmailText email={user.email} />
                </p>
                <ul className="account__perms" aria-label={`Permisos de ${user.name}`}>
                  <li className="account__perm" data-allowed={String(user.can_send_orders)}>
                    {user.can_send_orders ? 'Puede enviar pedidos' : 'No envía pedidos'}
                  </li>
                  <li className="account__perm" data-allowed={String(user.can_view_invoices)}>
                    {user.can_view_invoices ? 'Puede ver facturas' : 'No ve facturas'}
                  </li>
                </ul>
              </div>
              <div className="account__user-actions">
                <Button
                  variant="secondary"
                  onPress={() => setEditing({ kind: 'edit', user })}
                  aria-label={`Editar a ${user.name}`}
                >
                  Editar
                </Button>
                <Button
                  id={deleteButtonId(user)}
                  variant="secondary"
                  onPress={() => setDeleting(user)}
                  aria-label={`Eliminar a ${user.name}`}
                >
                  Eliminar
                </Button>
              </div>
            </li>
          ))}
        </ul>
      )}
      {editing ? (
        <SubUserDialog
          clientId={clientId}
          user={editing.kind === 'edit' ? editing.user : undefined}
          onClose={() => setEditing(null)}
          onSaved={saved}
        />
      ) : null}
      {deleting ? (
        <ConfirmDialog
          title={`¿Eliminar a ${deleting.name}?`}
          isOpen
          onOpenChange={(isOpen) => {
            if (!isOpen) setDeleting(null);
          }}
          confirmLabel="Eliminar"
          isDestructive
          onConfirm={() => remove(deleting)}
        >
          <p>
            {deleting.username} ya no podrá entrar y sus sesiones abiertas se cerrarán. Los pedidos que envió
            siguen siendo de tu farmacia.
          </p>
        </ConfirmDialog>
      ) : null}
    </>
  );
}
