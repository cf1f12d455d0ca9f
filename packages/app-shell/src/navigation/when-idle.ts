/**
 * Runs `task` once the page is idle (at the latest after 3 s), or after 1 s where the browser has
 * no `requestIdleCallback` (Safari). Returns the cancel, for an effect's cleanup.
 */
export function whenIdle(task: () => void): () => void {
  if (typeof window.requestIdleCallback === 'function') {
    const id = window.requestIdleCallback(task, { timeout: 3000 });
    return () => window.cancelIdleCallback(id);
  }
  const id = window.setTimeout(task, 1000);
  return () => window.clearTimeout(id);
}

/**
 * Runs `task` once the current frame has painted (the next animation frame, then a task). Returns
 * the cancel, for an effect's cleanup.
 */
export function afterPaint(task: () => void): () => void {
  let timer: number | undefined;
  const frame = window.requestAnimationFrame(() => {
    timer = window.setTimeout(task, 0);
  });
  return () => {
    window.cancelAnimationFrame(frame);
    window.clearTimeout(timer);
  };
}
