/**
 * The place in the quick order's toolbar for scanning boxes with the camera. Empty until the scanner
 * is built: it adds each code it reads with `addScannedCode` (quick-order.atoms.ts).
 */
export function QuickOrderScannerSlot() {
  return null;
}
