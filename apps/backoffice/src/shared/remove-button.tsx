/**
 * The back office's way of taking something away (a wholesaler, a webinar, a banner, a key): a button
 * that asks first in a `ConfirmDialog` saying what will happen. The call runs on 'confirm'; its
 * failure is reported as every failed call is (a toast, or the session's page) and the dialog stays
 * open for a retry; its success says so in a toast and then, if given, `onDone` runs (to leave a page
 * whose object is gone).
 */
import { Button, type ButtonSize, type ButtonVariant, ConfirmDialog, showToast } from '@botica/ui';
import { type ReactNode, useState } from 'react';
import { reportCallError } from './errors.ts';

export interface RemoveButtonProps {
  /** The button's text ('Quitar', 'Eliminar webinar'). */
  label: string;
  /** The button's name when its text alone is ambiguous, as in a list ('Quitar Cofares'). */
  'aria-label'?: string;
  /** @default 'secondary' */
  variant?: ButtonVariant;
  /** @default 'md' */
  size?: ButtonSize;
  /** While something else runs on the same object (a reorder). */
  isDisabled?: boolean;
  /** The dialog's question ('¿Quitar Cofares?'). */
  title: string;
  /** The dialog's red button ('Eliminar el banner'). */
  confirmLabel: string;
  /** The button that closes the dialog without acting. @default 'Cancelar' */
  cancelLabel?: string;
  /** What will happen, in the dialog. */
  children: ReactNode;
  /** The call, with whatever it must ask again before the toast; a throw keeps the dialog open. */
  onConfirm: () => Promise<unknown>;
  /** The toast once done ('Banner eliminado', with its title as the description). */
  done: { title: string; description?: string };
  /** After the toast: where to go now that the thing is gone. */
  onDone?: () => unknown;
}

export function RemoveButton({
  label,
  'aria-label': ariaLabel,
  variant = 'secondary',
  size = 'md',
  isDisabled = false,
  title,
  confirmLabel,
  cancelLabel,
  children,
  onConfirm,
  done,
  onDone,
}: RemoveButtonProps) {
  const [isOpen, setOpen] = useState(false);
  return (
    <>
      <Button
        variant={variant}
        size={size}
        isDisabled={isDisabled}
        onPress={() => setOpen(true)}
        {...(ariaLabel === undefined ? {} : { 'aria-label': ariaLabel })}
      >
        {label}
      </Button>
      <ConfirmDialog
        title={title}
        isOpen={isOpen}
        onOpenChange={setOpen}
        confirmLabel={confirmLabel}
        {...(cancelLabel === undefined ? {} : { cancelLabel })}
        isDestructive
        onConfirm={async () => {
          try {
            await onConfirm();
          } catch (error) {
            reportCallError(error);
            throw error;
          }
          showToast({ ...done, tone: 'success' });
          await onDone?.();
        }}
      >
        {children}
      </ConfirmDialog>
    </>
  );
}
