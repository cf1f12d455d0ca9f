/**
 * A pending request's decisions, in its row: approve it after a confirmation, or reject it with a
 * reason the applicant is sent. The list is asked again after either; a request someone else decided
 * meanwhile is explained by the server's message.
 */
import type { Registration } from '@botica/api-client/admin';
import { useForm } from '@botica/app-shell';
import { Button, ConfirmDialog, Dialog, Form, showToast, TextField } from '@botica/ui';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { reportCallError } from '../../shared/errors.ts';
import { decisionMutation } from './queries.ts';
import { reasonProblems } from './reason.ts';

const FIELDS = ['reason'] as const;

function RejectDialog({ request, onClose }: { request: Registration; onClose: () => void }) {
  const decide = useMutation(decisionMutation(useQueryClient(), request.id));
  const form = useForm({
    fields: FIELDS,
    initial: { reason: '' },
    problemsOf: reasonProblems,
    send: async ({ reason }) => {
      await decide.mutateAsync({ kind: 'reject', reason: reason.trim() });
      showToast({ title: `Solicitud de ${request.pharmacy_name} rechazada`, tone: 'info' });
      onClose();
    },
    reportError: reportCallError,
  });
  return (
    <Dialog
      title={`Rechazar la solicitud de ${request.pharmacy_name}`}
      isOpen
      onOpenChange={(isOpen) => {
        if (!isOpen) onClose();
      }}
      size="md"
    >
      <div ref={form.formRef}>
        <Form validationBehavior="aria" onSubmit={form.onSubmit} errorMessage={form.formMessage}>
          <TextField
            {...form.fieldProps('reason')}
            label="Motivo del rechazo"
            description="Se envía por correo a la farmacia."
            isMultiline
            rows={4}
            isRequired
            autoFocus
          />
          <div className="bo-registrations__dialog-actions">
            <Button type="submit" variant="danger" isPending={form.isPending}>
              Rechazar la solicitud
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

/** The row's 'Aprobar' and 'Rechazar', each with its dialog. */
export function DecisionActions({ request }: { request: Registration }) {
  const [open, setOpen] = useState<'approve' | 'reject' | null>(null);
  const decide = useMutation(decisionMutation(useQueryClient(), request.id));
  const close = () => setOpen(null);

  async function approve() {
    try {
      const answer = await decide.mutateAsync({ kind: 'approve' });
      const linked = answer.client !== null && !answer.client.created;
      showToast({
        title: `Solicitud de ${request.pharmacy_name} aprobada`,
        description: linked
          ? `Vinculada a la farmacia existente ${answer.client?.name ?? ''}.`
          : 'Farmacia y usuario principal creados.',
        tone: 'success',
      });
    } catch (error) {
      reportCallError(error);
      throw error;
    }
  }

  return (
    <span className="bo-registrations__actions">
      <Button
        size="sm"
        onPress={() => setOpen('approve')}
        aria-label={`Aprobar la solicitud de ${request.pharmacy_name}`}
      >
        Aprobar
      </Button>
      <Button
        size="sm"
        variant="secondary"
        onPress={() => setOpen('reject')}
        aria-label={`Rechazar la solicitud de ${request.pharmacy_name}`}
      >
        Rechazar
      </Button>
      {open === 'approve' ? (
        <ConfirmDialog
          title={`¿Aprobar la solicitud de ${request.pharmacy_name}?`}
          isOpen
          onOpenChange={(isOpen) => {
            if (!isOpen) close();
          }}
          confirmLabel="Aprobar"
          onConfirm={approve}
        >
          {request.matching_client
            ? `Se vinculará a la farmacia ${request.matching_client.name}, que ya tiene ese CIF/NIF, con ${request.username} como usuario principal. `
            : `Se dará de alta la farmacia con ${request.username} como usuario principal. `}
          Se le enviará por correo un enlace para elegir su contraseña.
        </ConfirmDialog>
      ) : null}
      {open === 'reject' ? <RejectDialog request={request} onClose={close} /> : null}
    </span>
  );
}
