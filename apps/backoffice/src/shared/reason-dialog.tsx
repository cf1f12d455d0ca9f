/**
 * A decision that needs its reason written (a registration rejected, an order cancelled): a dialog
 * with one required text, checked as typed and again by the server, whose 422 shows under the field.
 * The reason is sent trimmed; the dialog closes once `onSubmit` resolves, and stays open with the
 * message when it throws.
 */
import { type Problems, useForm } from '@botica/app-shell';
import { Button, Dialog, Form, TextField } from '@botica/ui';
import { reportCallError } from './errors.ts';
import './reason-dialog.css';

const FIELDS = ['reason'] as const;

export interface ReasonDialogProps {
  /** The dialog's title: the question ('¿Cancelar el pedido PW-2026-000196?'). */
  title: string;
  /** The field's label ('Motivo de la cancelación'). */
  label: string;
  /** Who reads the reason ('La farmacia lo verá en el seguimiento del pedido.'). */
  description: string;
  /** The button that sends it ('Cancelar el pedido'). */
  submitLabel: string;
  /** The button that closes without sending ('Volver'). */
  dismissLabel: string;
  /** What is wrong with the typed reason, in Spanish (empty, too long). */
  problemsOf: (values: { reason: string }) => Problems<'reason'>;
  /** Sends the trimmed reason; a thrown API error shows in the form. */
  onSubmit: (reason: string) => Promise<void>;
  onClose: () => void;
}

export function ReasonDialog({
  title,
  label,
  description,
  submitLabel,
  dismissLabel,
  problemsOf,
  onSubmit,
  onClose,
}: ReasonDialogProps) {
  const form = useForm({
    fields: FIELDS,
    initial: { reason: '' },
    problemsOf,
    send: async ({ reason }) => {
      await onSubmit(reason.trim());
      onClose();
    },
    reportError: reportCallError,
  });
  return (
    <Dialog
      title={title}
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
            label={label}
            description={description}
            isMultiline
            rows={4}
            isRequired
            autoFocus
          />
          <div className="bo-reason-dialog__actions">
            <Button type="submit" variant="danger" isPending={form.isPending}>
              {submitLabel}
            </Button>
            <Button variant="secondary" onPress={onClose}>
              {dismissLabel}
            </Button>
          </div>
        </Form>
      </div>
    </Dialog>
  );
}
