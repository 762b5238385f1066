import { Timer } from 'lucide-react';

import { cn } from '@/lib/cn';

import { isEndingSoon, timeLeft } from '../utils';
import { useNow } from './useNow';

/** Time left until the end, ticking each second; urgent in the last minute. */
export function Countdown({ endsAt, className }: { endsAt: string; className?: string }) {
  const now = useNow();
  const soon = isEndingSoon(endsAt, now);
  return (
    <span
      className={cn(
        'inline-flex items-center gap-1 font-semibold tabular-nums',
        soon ? 'text-rose-300' : 'text-slate-200',
        className,
      )}
    >
      <Timer aria-hidden className="size-3.5 shrink-0" />
      <time dateTime={endsAt}>{timeLeft(endsAt, now)}</time>
    </span>
  );
}
