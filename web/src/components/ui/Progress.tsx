import { cn } from '@/lib/cn';
import { progressTone, type ProgressTone } from '@/lib/progress';

const toneClasses: Record<ProgressTone, string> = {
  red: 'bg-rose-500',
  yellow: 'bg-amber-400',
  green: 'bg-emerald-500',
};

export interface ProgressBarProps {
  /** 0..100. */
  value: number;
  /** Accessible name of the bar. */
  label: string;
  /** Colours the bar by the spec's progress rule; otherwise it is emerald. */
  toned?: boolean;
  /** Replaces the default height (h-2). */
  className?: string;
}

/** Horizontal progress bar (role progressbar); data-tone carries the colour band. */
export function ProgressBar({ value, label, toned = false, className }: ProgressBarProps) {
  const clamped = Math.max(0, Math.min(100, value));
  const tone = toned ? progressTone(clamped) : 'green';
  return (
    <div
      role="progressbar"
      aria-label={label}
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={Math.round(clamped)}
      data-tone={tone}
      className={cn('w-full overflow-hidden rounded-full bg-slate-800', className ?? 'h-2')}
    >
      <div
        className={cn('h-full rounded-full transition-[width] duration-500', toneClasses[tone])}
        style={{ width: `${clamped}%` }}
      />
    </div>
  );
}
