/**
 * The place in the quick order's toolbar for scanning boxes with the camera: 'Escanear' (scan/) adds
 * each code it reads with `addScannedCode` (quick-order.atoms.ts), and its confirmation names the
 * product once the lookup has answered.
 */
import { useAtomValue } from 'jotai';
import { addScannedCode, lookupAnswersAtom } from './quick-order.atoms.ts';
import { lookupCode } from './quick-order-grid.ts';
import { ScanButton } from './scan/scan-button.tsx';

export function QuickOrderScannerSlot() {
  const answers = useAtomValue(lookupAnswersAtom);
  return (
    <ScanButton
      onCode={addScannedCode}
      nameOf={(ean) => answers.get(lookupCode(ean))?.product?.name ?? undefined}
    />
  );
}
