import { describe, expect, it } from 'vitest';
import { createScanGate, SCAN_LEAVE_MS } from './scan-gate.ts';

const BOX = '8470001234568';
const OTHER = '8412345678905';

/** Feeds the gate one frame every `every` ms from `from`, each frame reading `codes`; the counted codes. */
function frames(
  gate: ReturnType<typeof createScanGate>,
  from: number,
  count: number,
  every: number,
  codes: string[],
) {
  const counted: string[] = [];
  for (let frame = 0; frame < count; frame++) counted.push(...gate(codes, from + frame * every));
  return counted;
}

describe('createScanGate', () => {
  it('counts a box held in front of the camera once, however many frames read it', () => {
    const gate = createScanGate();
    // Ten seconds at 30 frames a second.
    expect(frames(gate, 0, 300, 33, [BOX])).toEqual([BOX]);
  });

  it('does not count a box again when the reader misses it on a few frames', () => {
    const gate = createScanGate();
    expect(gate([BOX], 0)).toEqual([BOX]);
    expect(gate([], 100)).toEqual([]);
    expect(gate([], 400)).toEqual([]);
    expect(gate([BOX], SCAN_LEAVE_MS - 1)).toEqual([]);
    expect(gate([BOX], SCAN_LEAVE_MS + 200)).toEqual([]);
  });

  it('counts the box again once it has been out of view for a moment: repeated scans add units', () => {
    const gate = createScanGate();
    const counted = [
      ...frames(gate, 0, 30, 33, [BOX]),
      ...frames(gate, 1000, 30, 33, []),
      ...frames(gate, 2000, 30, 33, [BOX]),
      ...frames(gate, 3000, 30, 33, []),
      ...frames(gate, 4000, 30, 33, [BOX]),
    ];
    expect(counted).toEqual([BOX, BOX, BOX]);
  });

  it('measures the time out of view from the last reading, not the first', () => {
    const gate = createScanGate({ leaveMs: 500 });
    // Read for three seconds, the last time at 3267 ms; then readings without it.
    expect(frames(gate, 0, 100, 33, [BOX])).toEqual([BOX]);
    expect(frames(gate, 3300, 14, 33, [])).toEqual([]);
    // 3729 ms: 462 ms out of view, not yet gone.
    expect(gate([BOX], 3750)).toEqual([]);
    expect(frames(gate, 3783, 16, 33, [])).toEqual([]);
    expect(gate([BOX], 4300)).toEqual([BOX]);
  });

  it('counts a box once on a slow tablet that reads it on every frame, however far apart', () => {
    const gate = createScanGate();
    // A reading every 1.5 s, each one seeing the box: never out of view.
    expect(frames(gate, 0, 10, 1500, [BOX])).toEqual([BOX]);
  });

  it('needs a few readings without the box, not one long one, to count it again', () => {
    const gate = createScanGate();
    expect(gate([BOX], 0)).toEqual([BOX]);
    // Two slow readings miss it (a reflection), the third finds it: the same box.
    expect(gate([], 1000)).toEqual([]);
    expect(gate([], 2000)).toEqual([]);
    expect(gate([BOX], 3000)).toEqual([]);
    // Three readings without it over a second: it left, and coming back is a new scan.
    expect(frames(gate, 3100, 3, 400, [])).toEqual([]);
    expect(gate([BOX], 4400)).toEqual([BOX]);
  });

  it('counts two boxes in view each once, and a code read twice in one frame once', () => {
    const gate = createScanGate();
    expect(gate([BOX, OTHER, BOX], 0)).toEqual([BOX, OTHER]);
    expect(gate([OTHER, BOX], 33)).toEqual([]);
    // One box leaves, the other stays: only the one that came back counts.
    expect(frames(gate, 66, 30, 33, [OTHER])).toEqual([]);
    expect(gate([OTHER, BOX], 66 + 30 * 33)).toEqual([BOX]);
  });
});
