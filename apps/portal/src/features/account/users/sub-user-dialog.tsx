/**
 * The form of a sub-user, new or existing, in a dialog: username, name, e-mail, whether it is active,
 * and its two permissions. The rules of the username and e-mail are `@botica/domain`'s; the server's
 * first message shows under each field.
 */
import type { SubUser } from '@botica/api-client/schemas';
import type { Problems } from '@botica/app-shell';
import { useForm } from '@botica/app-shell';
import { emailProblem, USERNAME_RULE, usernameProblem } from '@botica/domain';
import { Button, Checkbox, Dialog, Form, Switch, TextField } from '@botica/ui';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { reportCallError } from '../../../shared/errors.ts';
import { saveSubUserMutation } from '../queries.ts';

const FIELDS = ['username', 'name', 'email'] as const;
type Field = (typeof FIELDS)[number];

function problems(values: Record<Field, string>): Problems<Field> {
  const found: Problems<Field> = {};
  const username = usernameProblem(values.username);
  if (username) found.username = username;
  if (values.name.trim() === '') found.name = 'El nombre es obligatorio.';
  const email = emailProblem(values.email);
  if (email) found.email = email;
  return found;
}

export interface SubUserDialogProps {
  clientId: number;
  /** The sub-user to change; none for a new one. */
  user?: SubUser | undefined;
  onClose: () => void;
  onSaved: (user: SubUser, isNew: boolean) => void;
}

export function SubUserDialog({ clientId, user, onClose, onSaved }: SubUserDialogProps) {
  const [isActive, setActive] = useState(user?.is_active ?? true);
  const [canSendOrders, setCanSendOrders] = useState(user?.can_send_orders ?? true);
  const [canViewInvoices, setCanViewInvoices] = useState(user?.can_view_invoices ?? true);
  const save = useMutation(saveSubUserMutation(useQueryClient(), clientId));
  const form = useForm({
    fields: FIELDS,
    initial: { username: user?.username ?? '', name: user?.name ?? '', email: user?.email ?? '' },
    problemsOf: problems,
    send: async (values) => {
      const fields = {
        username: values.username.trim(),
        name: values.name.trim(),
        email: values.email.trim(),
        is_active: isActive,
        can_send_orders: canSendOrders,
        can_view_invoices: canViewInvoices,
      };
      const saved = await save.mutateAsync({ userId: user?.id, fields });
      onSaved(saved.data, user === undefined);
    },
    reportError: reportCallError,
  });

  return (
    <Dialog
      title={user ? `Editar a ${user.name}` : 'Nuevo usuario'}
      isOpen
      onOpenChange={(isOpen) => {
        if (!isOpen) onClose();
      }}
      size="md"
    >
      <div ref={form.formRef}>
        <Form validationBehavior="aria" onSubmit={form.onSubmit} errorMessage={form.formMessage}>
          {user ? null : (
            <p className="account__role">
              Le enviaremos un correo para que elija su contraseña (el enlace vale 7 días).
            </p>
          )}
          <TextField {...form.fieldProps('name')} label="Nombre y apellidos" isRequired autoComplete="off" />
          <TextField
            {...form.fieldProps('username')}
            label="Usuario"
            description={`Con él entrará en el portal. ${USERNAME_RULE}`}
            isRequired
            autoComplete="off"
          />
          <TextField
            {...form.fieldProps('email')}
            label="Correo electrónico"
            type="email"
            isRequired
            autoComplete="off"
          />
          <Checkbox
            isSelected={canSendOrders}
            onChange={setCanSendOrders}
            description="Si no, prepara el pedido y lo envías tú."
          >
            Puede enviar pedidos
          </Checkbox>
          <Checkbox isSelected={canViewInvoices} onChange={setCanViewInvoices}>
            Puede ver facturas
          </Checkbox>
          <Switch
            isSelected={isActive}
            onChange={setActive}
            description="Un usuario inactivo no puede entrar."
          >
            Activo
          </Switch>
          <div className="account__user-actions">
            <Button type="submit" isPending={form.isPending}>
              {user ? 'Guardar los cambios' : 'Crear y enviar la invitación'}
            </Button>
            <Button variant="secondary" onPress={onClose}>
              Cancelar
            </Button>
          </div>
        </Form>
      </div>
    </Dialog>
  );
}
