/**
 * An admin's actions on one of the pharmacy's users: deactivate or activate the account, send the
 * password link again, end its open sessions. Each asks first, naming the user, and says when done.
 */
import type { AdminPharmacyUser } from '@botica/api-client/admin';
import { Button, ConfirmDialog, showToast } from '@botica/ui';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { reportCallError } from '../../shared/errors.ts';
import { type UserAction, userActionMutation } from './queries.ts';
import { actionsFor } from './users.ts';

interface ActionText {
  button: string;
  /** The button's name, naming the user. */
  label: (username: string) => string;
  title: (username: string) => string;
  body: (username: string) => string;
  confirm: string;
  done: (username: string) => string;
  isDestructive: boolean;
}

const ACTIONS: Record<UserAction, ActionText> = {
  deactivate: {
    button: 'Desactivar',
    label: (username) => `Desactivar a ${username}`,
    title: (username) => `¿Desactivar a ${username}?`,
    body: (username) =>
      `${username} no podrá entrar en el portal y sus sesiones abiertas se cerrarán. Podrás volver a activarlo.`,
    confirm: 'Desactivar',
    done: (username) => `${username} desactivado`,
    isDestructive: true,
  },
  activate: {
    button: 'Activar',
    label: (username) => `Activar a ${username}`,
    title: (username) => `¿Activar a ${username}?`,
    body: (username) => `${username} podrá volver a entrar en el portal con su contraseña.`,
    confirm: 'Activar',
    done: (username) => `${username} activado`,
    isDestructive: false,
  },
  invite: {
    button: 'Reenviar invitación',
    label: (username) => `Reenviar invitación a ${username}`,
    title: (username) => `¿Reenviar la invitación a ${username}?`,
    body: (username) =>
      `Se enviará a ${username} por correo un enlace nuevo para elegir su contraseña; los anteriores dejarán de valer.`,
    confirm: 'Reenviar',
    done: (username) => `Invitación enviada a ${username}`,
    isDestructive: false,
  },
  'end-sessions': {
    button: 'Cerrar sesiones',
    label: (username) => `Cerrar sesiones de ${username}`,
    title: (username) => `¿Cerrar las sesiones de ${username}?`,
    body: (username) => `${username} tendrá que volver a entrar en el portal en todos sus dispositivos.`,
    confirm: 'Cerrar sesiones',
    done: (username) => `Sesiones de ${username} cerradas`,
    isDestructive: true,
  },
};

/** The user's buttons and the confirmation of the one pressed. */
export function UserActions({ pharmacyId, user }: { pharmacyId: string; user: AdminPharmacyUser }) {
  const [open, setOpen] = useState<UserAction | null>(null);
  const act = useMutation(userActionMutation(useQueryClient(), pharmacyId, user.id));
  const text = open ? ACTIONS[open] : null;

  async function run(action: UserAction) {
    try {
      await act.mutateAsync(action);
      showToast({ title: ACTIONS[action].done(user.username), tone: 'success' });
    } catch (error) {
      reportCallError(error);
      throw error;
    }
  }

  return (
    <div className="bo-pharmacies__user-actions">
      {actionsFor(user).map((action) => (
        <Button
          key={action}
          size="sm"
          variant="secondary"
          onPress={() => setOpen(action)}
          aria-label={ACTIONS[action].label(user.username)}
        >
          {ACTIONS[action].button}
        </Button>
      ))}
      {open && text ? (
        <ConfirmDialog
          title={text.title(user.username)}
          isOpen
          onOpenChange={(isOpen) => {
            if (!isOpen) setOpen(null);
          }}
          confirmLabel={text.confirm}
          isDestructive={text.isDestructive}
          onConfirm={() => run(open)}
        >
          {text.body(user.username)}
        </ConfirmDialog>
      ) : null}
    </div>
  );
}
