import { DEFAULT_CONFIRM_TEXT } from '@botica/domain';
import { type ReactNode, useState } from 'react';
import { Button } from '../button/button.tsx';
import { Dialog } from '../dialog/dialog.tsx';

export interface ConfirmDialogProps {
  /** The question, e.g. '¿Eliminar este usuario?'. */
  title: string;
  /** What will happen. */
  children: ReactNode;
  /** Whether it is open (controlled); leave out inside a `DialogTrigger`. */
  isOpen?: boolean;
  /** Called when it opens or closes. */
  onOpenChange?: (isOpen: boolean) => void;
  /**
   * The confirm button's text.
   * @default 'Aceptar'
   */
  confirmLabel?: string;
  /**
   * The cancel button's text.
   * @default 'Cancelar'
   */
  cancelLabel?: string;
  /**
   * Called on confirm. While a returned promise is pending the button shows as pending; the dialog
   * closes when it resolves and stays open (for a retry) when it rejects.
   */
  onConfirm: () => undefined | Promise<unknown>;
  /** Called on cancel. */
  onCancel?: () => void;
  /**
   * Marks an action that cannot be undone: the confirm button is red.
   * @default false
   */
  isDestructive?: boolean;
}

/** Asks before an action: cancel and confirm, with a pending state for asynchronous confirms. */
export function ConfirmDialog({
  title,
  children,
  isOpen,
  onOpenChange,
  confirmLabel = DEFAULT_CONFIRM_TEXT,
  cancelLabel = 'Cancelar',
  onConfirm,
  onCancel,
  isDestructive = false,
}: ConfirmDialogProps) {
  const [isPending, setPending] = useState(false);
  return (
    <Dialog
      role="alertdialog"
      size="sm"
      title={title}
      isDismissable={!isPending}
      {...(isOpen === undefined ? {} : { isOpen })}
      {...(onOpenChange ? { onOpenChange } : {})}
      footer={(close) => (
        <>
          <Button
            variant="ghost"
            isDisabled={isPending}
            onPress={() => {
              onCancel?.();
              close();
            }}
          >
            {cancelLabel}
          </Button>
          <Button
            variant={isDestructive ? 'danger' : 'primary'}
            isPending={isPending}
            onPress={async () => {
              const result = onConfirm();
              if (!(result instanceof Promise)) {
                close();
                return;
              }
              setPending(true);
              try {
                await result;
                close();
              } catch {
                // The caller shows the failure (a toast); the dialog stays for a retry.
              } finally {
                setPending(false);
              }
            }}
          >
            {confirmLabel}
          </Button>
        </>
      )}
    >
      {children}
    </Dialog>
  );
}
