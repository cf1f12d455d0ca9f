/**
 * 'Escanear' on the quick order: opens the camera view, whose code, the barcode reader and its
 * WebAssembly load on the first press only, so the page's first load carries none of them.
 */
import { Button } from '@botica/ui';
import { lazy, Suspense, useState } from 'react';
import type { ScanDialogProps } from './scan-dialog.tsx';

const loadDialog = () => import('./scan-dialog.tsx');
const ScanDialog = lazy(() => loadDialog().then((module) => ({ default: module.ScanDialog })));

export interface ScanButtonProps {
  /** Called once per scan with the EAN-13 read (its check digit valid): the quick order adds a unit. */
  onCode: (ean: string) => void;
  /** The product's name for a code, when the quick order knows it: the confirmation shows it. */
  nameOf?: ScanDialogProps['nameOf'];
  /** Whether the button is disabled (the page is busy sending, for instance). */
  isDisabled?: boolean;
}

/** The 'Escanear' button and, while open, the camera view. */
export function ScanButton({ onCode, nameOf, isDisabled = false }: ScanButtonProps) {
  const [isOpen, setOpen] = useState(false);
  return (
    <>
      <Button
        variant="secondary"
        isDisabled={isDisabled}
        onPress={() => setOpen(true)}
        // Hovering or focusing it fetches the view's code, so a press opens it at once.
        onHoverStart={() => void loadDialog()}
        onFocus={() => void loadDialog()}
      >
        Escanear
      </Button>
      {isOpen ? (
        <Suspense fallback={null}>
          <ScanDialog onCode={onCode} nameOf={nameOf} onClose={() => setOpen(false)} />
        </Suspense>
      ) : null}
    </>
  );
}
