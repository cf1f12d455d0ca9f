import { LOADING_BAR_DURATION_MS, LOADING_BAR_THROTTLE_MS } from '@botica/domain';
import { useEffect, useRef, useState } from 'react';
import { cx } from '../internal/class-names.ts';

export interface LoadingBarProps {
  /** Whether a page is loading: true from a route or parameter change until it loads or fails. */
  isLoading: boolean;
  /**
   * Loads shorter than this never show the bar.
   * @default 200
   */
  throttleMs?: number;
  /**
   * How long the bar takes to trickle to about 90 %.
   * @default 5000
   */
  durationMs?: number;
  /** Extra class names. */
  className?: string;
}

type Phase = 'idle' | 'waiting' | 'running' | 'completing';

const TICK_MS = 100;
const TRICKLE_CEILING = 90;
const COMPLETE_MS = 300;

/**
 * The page-loading bar at the top of the screen: it starts when `isLoading` turns true (after a
 * 200 ms throttle, so quick loads never show it), trickles towards 90 %, and completes to 100 %
 * and fades when `isLoading` turns false.
 */
export function LoadingBar({
  isLoading,
  throttleMs = LOADING_BAR_THROTTLE_MS,
  durationMs = LOADING_BAR_DURATION_MS,
  className,
}: LoadingBarProps) {
  const [phase, setPhase] = useState<Phase>('idle');
  const [value, setValue] = useState(0);
  const phaseRef = useRef<Phase>('idle');
  phaseRef.current = phase;

  useEffect(() => {
    if (isLoading) {
      setValue(0);
      setPhase('waiting');
      const timer = setTimeout(() => setPhase('running'), throttleMs);
      return () => clearTimeout(timer);
    }
    if (phaseRef.current === 'running') {
      setValue(100);
      setPhase('completing');
      const timer = setTimeout(() => setPhase('idle'), COMPLETE_MS);
      return () => clearTimeout(timer);
    }
    setPhase('idle');
    return undefined;
  }, [isLoading, throttleMs]);

  useEffect(() => {
    if (phase !== 'running') return;
    // Each tick covers a share of what is left, so the bar slows as it nears the ceiling.
    const share = 1 - (1 - 0.85) ** (TICK_MS / durationMs);
    const interval = setInterval(() => {
      setValue((current) => current + (TRICKLE_CEILING - current) * share);
    }, TICK_MS);
    setValue((current) => Math.max(current, 8));
    return () => clearInterval(interval);
  }, [phase, durationMs]);

  if (phase === 'idle' || phase === 'waiting') return null;
  const percentage = Math.round(value);
  // A native progress bar: react-aria's would format the value with Intl, whose first use costs
  // every page's start (docs/decisions/006), for a bar that only says how far the page has loaded.
  return (
    <div
      role="progressbar"
      aria-label="Cargando la página"
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={percentage}
      aria-valuetext={`${percentage}\u00a0%`}
      className={cx('bt-loading-bar', phase === 'completing' && 'bt-loading-bar--done', className)}
    >
      <span className="bt-loading-bar__fill" style={{ transform: `scaleX(${percentage / 100})` }} />
    </div>
  );
}
