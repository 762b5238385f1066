import { LoaderCircle } from 'lucide-react';

import { cn } from '@/lib/cn';

const sizes = { sm: 'size-4', md: 'size-6', lg: 'size-10' } as const;

export interface SpinnerProps {
  size?: keyof typeof sizes;
  /** Accessible label; null when the spinner sits inside a labelled control. */
  label?: string | null;
  className?: string;
}

export function Spinner({ size = 'md', label = 'Loading', className }: SpinnerProps) {
  const icon = <LoaderCircle aria-hidden className={cn('animate-spin', sizes[size], className)} />;
  if (label === null) return icon;
  return (
    <span role="status" aria-label={label} className="inline-flex">
      {icon}
    </span>
  );
}

/**
 * Centered spinner filling the screen, used while the session or a screen's chunk loads. It appears
 * after 400 ms (index.css): most of these waits are shorter, and a spinner flashing up for a moment
 * before the screen only delays the screen (its first paint comes after the spinner's).
 */
export function FullScreenSpinner() {
  return (
    <div className="flex min-h-dvh w-full items-center justify-center bg-slate-950 text-emerald-400">
      <div className="animate-appear-late">
        <Spinner size="lg" />
      </div>
    </div>
  );
}
