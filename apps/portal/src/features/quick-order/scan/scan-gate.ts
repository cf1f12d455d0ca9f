/**
 * When a code the camera reads counts as a scan. A box held in front of the camera is read on every
 * frame, and a reader misses it now and then on a frame or two (a hand moving, a reflection): a code
 * counts when it comes into view, and again only once it has been out of view for a moment. Out of
 * view means readings without it, not time alone: a slow tablet may take longer than that moment to
 * read one frame, and a box it reads on every frame is still the same box.
 */

/** How long a code must go unread before it counts again: a few readings, well past a missed frame. */
export const SCAN_LEAVE_MS = 800;
/** How many readings in a row must miss a code before it counts again. */
export const SCAN_LEAVE_READINGS = 3;

/**
 * A gate fed with every reading: the codes read in one frame and when (milliseconds, any monotonic
 * clock), and answering the codes that count as new scans. Each call is one frame; a code read twice
 * in the same frame counts once.
 */
export type ScanGate = (codes: readonly string[], now: number) => string[];

/**
 * A new gate: a code counts again once `leaveReadings` readings in a row, over at least `leaveMs`,
 * have missed it.
 */
export function createScanGate({
  leaveMs = SCAN_LEAVE_MS,
  leaveReadings = SCAN_LEAVE_READINGS,
}: {
  leaveMs?: number;
  leaveReadings?: number;
} = {}): ScanGate {
  /** The codes in view: when each was last read and how many readings have missed it since. */
  const inView = new Map<string, { last: number; missed: number }>();
  return (codes, now) => {
    const read = new Set(codes);
    const counted: string[] = [];
    for (const code of read) {
      if (!inView.has(code)) counted.push(code);
      inView.set(code, { last: now, missed: 0 });
    }
    for (const [code, seen] of inView) {
      if (read.has(code)) continue;
      seen.missed += 1;
      if (seen.missed >= leaveReadings && now - seen.last >= leaveMs) inView.delete(code);
    }
    return counted;
  };
}
