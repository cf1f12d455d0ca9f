/**
 * An admin's moves of an order: one button per status it may go to next, each behind a
 * confirmation; 'Cancelar pedido' asks the reason the pharmacy reads. Each change says the status
 * the admin saw: when someone moved the order first (409), the server's message is shown and the
 * order is read again, with the moves it has now.
 */
import { isApiError } from '@botica/api-client';
import type { AdminOrderDetail } from '@botica/api-client/admin';
import { Button, ConfirmDialog, showToast } from '@botica/ui';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { reportCallError } from '../../shared/errors.ts';
import { ReasonDialog } from '../../shared/reason-dialog.tsx';
import { cancelReasonProblems, ORDER_STATUS, type OrderStatus, STATUS_ACTION } from './order-status.ts';
import { type StatusChange, statusMutation } from './queries.ts';

type Move = Exclude<OrderStatus, 'received'>;

/**
 * Sends a change: the toast of its success, or, when the order moved meanwhile, the server's message
 * (the order being read again by the mutation). Anything else is thrown, for its dialog to show.
 */
function useChangeStatus(order: AdminOrderDetail) {
  const change = useMutation(statusMutation(useQueryClient(), order.id));
  return async (status: Move, reason?: string) => {
    const body: StatusChange = { status, from_status: order.status, ...(reason ? { reason } : {}) };
    try {
      await change.mutateAsync(body);
      showToast({
        title: `Pedido ${order.number}: ${ORDER_STATUS[status].label.toLowerCase()}`,
        tone: 'success',
      });
    } catch (error) {
      if (isApiError(error) && error.status === 409) {
        showToast({ title: 'El pedido ya ha cambiado', description: error.message, tone: 'warning' });
        return;
      }
      throw error;
    }
  };
}

function CancelDialog({ order, onClose }: { order: AdminOrderDetail; onClose: () => void }) {
  const changeStatus = useChangeStatus(order);
  return (
    <ReasonDialog
      title={STATUS_ACTION.cancelled.question(order.number)}
      label="Motivo de la cancelación"
      description="La farmacia lo verá en el seguimiento del pedido."
      submitLabel="Cancelar el pedido"
      dismissLabel="Volver"
      problemsOf={cancelReasonProblems}
      onSubmit={(reason) => changeStatus('cancelled', reason)}
      onClose={onClose}
    />
  );
}

/** The order's next statuses as buttons, each with its dialog. */
export function StatusActions({ order }: { order: AdminOrderDetail }) {
  const [open, setOpen] = useState<Move | null>(null);
  const changeStatus = useChangeStatus(order);
  const close = () => setOpen(null);
  const moves = order.next_statuses.filter((status): status is Move => status !== 'received');

  async function confirm(status: Move) {
    try {
      await changeStatus(status);
    } catch (error) {
      reportCallError(error);
      throw error;
    }
  }

  return (
    <div className="bo-order__actions">
      {moves.map((status) => (
        <Button
          key={status}
          variant={status === 'cancelled' ? 'secondary' : 'primary'}
          onPress={() => setOpen(status)}
        >
          {STATUS_ACTION[status].label}
        </Button>
      ))}
      {open === 'cancelled' ? <CancelDialog order={order} onClose={close} /> : null}
      {open !== null && open !== 'cancelled' ? (
        <ConfirmDialog
          title={STATUS_ACTION[open].question(order.number)}
          isOpen
          onOpenChange={(isOpen) => {
            if (!isOpen) close();
          }}
          confirmLabel={STATUS_ACTION[open].label}
          cancelLabel="Volver"
          onConfirm={() => confirm(open)}
        >
          La farmacia verá el pedido como «{ORDER_STATUS[open].label}» en su seguimiento.
        </ConfirmDialog>
      ) : null}
    </div>
  );
}
