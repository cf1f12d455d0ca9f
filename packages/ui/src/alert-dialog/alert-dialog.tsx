import { DEFAULT_CONFIRM_TEXT, LINK_HOME_TEXT } from '@botica/domain';
import type { ReactNode } from 'react';
import { Button } from '../button/button.tsx';
import { Dialog } from '../dialog/dialog.tsx';
import { AlertIcon, ErrorIcon, InfoIcon } from '../icons/icons.tsx';
import { Link } from '../link/link.tsx';

export interface AlertDialogProps {
  /** The title, e.g. 'Datos Restringidos'. */
  title: string;
  /** The message. */
  children: ReactNode;
  /** Whether it is open (controlled); leave out inside a `DialogTrigger`. */
  isOpen?: boolean;
  /** Called when it opens or closes. */
  onOpenChange?: (isOpen: boolean) => void;
  /**
   * The button's text.
   * @default 'Aceptar'
   */
  confirmLabel?: string;
  /** Called when the button is pressed (the dialog then closes). */
  onConfirm?: () => void;
  /**
   * The tone: its icon and colour.
   * @default 'info'
   */
  tone?: 'info' | 'warning' | 'danger';
  /** Adds the link home ('Volver al inicio') with this address, as 403 dialogs do. */
  homeHref?: string;
}

const ICONS = { info: InfoIcon, warning: AlertIcon, danger: ErrorIcon } as const;

/**
 * A message that needs acknowledging (role `alertdialog`), with one button ('Aceptar' by default)
 * and optionally the link home. Used for the spec's error dialogs ('Datos Restringidos',
 * 'Limite de compra superado').
 */
export function AlertDialog({
  title,
  children,
  isOpen,
  onOpenChange,
  confirmLabel = DEFAULT_CONFIRM_TEXT,
  onConfirm,
  tone = 'info',
  homeHref,
}: AlertDialogProps) {
  const Icon = ICONS[tone];
  return (
    <Dialog
      role="alertdialog"
      size="sm"
      title={title}
      icon={<Icon size={22} className={`bt-alert-dialog__icon bt-alert-dialog__icon--${tone}`} />}
      isDismissable={false}
      {...(isOpen === undefined ? {} : { isOpen })}
      {...(onOpenChange ? { onOpenChange } : {})}
      footer={(close) => (
        <>
          {homeHref ? (
            <Link href={homeHref} variant="secondary">
              {LINK_HOME_TEXT}
            </Link>
          ) : null}
          <Button
            autoFocus
            variant={tone === 'danger' ? 'danger' : 'primary'}
            onPress={() => {
              onConfirm?.();
              close();
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
