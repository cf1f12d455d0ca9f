/**
 * When a code the camera reads counts as a scan. A box held in front of the camera is read on every
 * frame, and a reader misses it now and then on a frame or two (a hand moving, a reflection): a code
 * counts when it comes into view, and again only once it has been out of view for a moment.
 */

/** How long a code must go unread before it counts again: a few readings, well past a missed frame. */
export const SCAN_LEAVE_MS = 800;

/**
 * A gate fed with every reading: the codes read in one frame and when (milliseconds, any monotonic
 * clock), and answering the codes that count as new scans. Each call is one frame; a code read twice
 * in the same frame counts once.
 */
export type ScanGate = (codes: readonly string[], now: number) => string[];

/** A new gate; `leaveMs` is how long a code must go unread to count again. */
export function createScanGate({ leaveMs = SCAN_LEAVE_MS }: { leaveMs?: number } = {}): ScanGate {
  const lastRead = new Map<string, number>();
  return (codes, now) => {
    const counted: string[] = [];
    for (const code of new Set(codes)) {
      const last = lastRead.get(code);
      if (last === undefined || now - last >= leaveMs) counted.push(code);
      lastRead.set(code, now);
    }
    for (const [code, last] of lastRead) {
      if (now - last >= leaveMs) lastRead.delete(code);
    }
    return counted;
  };
}
