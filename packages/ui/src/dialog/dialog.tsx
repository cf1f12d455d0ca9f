import type { ReactNode } from 'react';
import { Dialog as AriaDialog, Heading, Modal, ModalOverlay } from 'react-aria-components';
import { IconButton } from '../icon-button/icon-button.tsx';
import { CloseIcon } from '../icons/icons.tsx';
import { cx } from '../internal/class-names.ts';

export { DialogTrigger } from 'react-aria-components';

export interface DialogProps {
  /** The title, the dialog's accessible name. */
  title: ReactNode;
  /** The content. */
  children: ReactNode;
  /** Buttons at the bottom; a function receives `close`. */
  footer?: ReactNode | ((close: () => void) => ReactNode);
  /** Whether it is open (controlled); leave out inside a `DialogTrigger`. */
  isOpen?: boolean;
  /** Called when it opens or closes. */
  onOpenChange?: (isOpen: boolean) => void;
  /**
   * Whether a click outside, Escape and the close button close it. `false` makes it blocking.
   * @default true
   */
  isDismissable?: boolean;
  /**
   * The width.
   * @default 'md'
   */
  size?: 'sm' | 'md' | 'lg';
  /**
   * `alertdialog` for messages that interrupt (errors, confirmations).
   * @default 'dialog'
   */
  role?: 'dialog' | 'alertdialog';
  /** An icon before the title. */
  icon?: ReactNode;
  /** Extra class names on the dialog. */
  className?: string;
}

/**
 * A modal dialog on react-aria's `Modal` and `Dialog`: focus moves in and is trapped, the page
 * behind is inert and does not scroll, Escape closes, focus returns to what opened it.
 * @example
 * <DialogTrigger>
 *   <Button>Ver detalle</Button>
 *   <Dialog title="Pedido 2025-0042">…</Dialog>
 * </DialogTrigger>
 */
export function Dialog({
  title,
  children,
  footer,
  isOpen,
  onOpenChange,
  isDismissable = true,
  size = 'md',
  role = 'dialog',
  icon,
  className,
}: DialogProps) {
  return (
    <ModalOverlay
      className="bt-modal-overlay"
      {...(isOpen === undefined ? {} : { isOpen })}
      {...(onOpenChange ? { onOpenChange } : {})}
      isDismissable={isDismissable}
      isKeyboardDismissDisabled={!isDismissable}
    >
      <Modal className={cx('bt-modal', `bt-modal--${size}`)}>
        <AriaDialog role={role} className={cx('bt-dialog', className)}>
          {({ close }) => (
            <>
              <header className="bt-dialog__header">
                {icon ? <span className="bt-dialog__icon">{icon}</span> : null}
                <Heading slot="title" className="bt-dialog__title">
                  {title}
                </Heading>
                {isDismissable ? (
                  <IconButton label="Cerrar" onPress={close} className="bt-dialog__close">
                    <CloseIcon />
                  </IconButton>
                ) : null}
              </header>
              <div className="bt-dialog__body">{children}</div>
              {footer ? (
                <footer className="bt-dialog__footer">
                  {typeof footer === 'function' ? footer(close) : footer}
                </footer>
              ) : null}
            </>
          )}
        </AriaDialog>
      </Modal>
    </ModalOverlay>
  );
}
