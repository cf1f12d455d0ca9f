/**
 * A pending request's decisions, in its row: approve it after a confirmation, or reject it with a
 * reason the applicant is sent. The list is asked again after either; a request someone else decided
 * meanwhile is explained by the server's message.
 */
import type { Registration } from '@botica/api-client/admin';
import { Button, ConfirmDialog, showToast } from '@botica/ui';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { reportCallError } from '../../shared/errors.ts';
import { ReasonDialog } from '../../shared/reason-dialog.tsx';
import { decisionMutation } from './queries.ts';
import { reasonProblems } from './reason.ts';

function RejectDialog({ request, onClose }: { request: Registration; onClose: () => void }) {
  const decide = useMutation(decisionMutation(useQueryClient(), request.id));
  return (
    <ReasonDialog
      title={`Rechazar la solicitud de ${request.pharmacy_name}`}
      label="Motivo del rechazo"
      description="Se envía por correo a la farmacia."
      submitLabel="Rechazar la solicitud"
      dismissLabel="Cancelar"
      problemsOf={reasonProblems}
      onSubmit={async (reason) => {
        await decide.mutateAsync({ kind: 'reject', reason });
        showToast({ title: `Solicitud de ${request.pharmacy_name} rechazada`, tone: 'info' });
      }}
      onClose={onClose}
    />
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
