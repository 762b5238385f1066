import { useId } from 'react';

import { cn } from '@/lib/cn';

/** The Touchline mark: a pitch-line "T" with a ball on the touchline. */
export function LogoMark({ className }: { className?: string }) {
  const gradientId = useId();
  return (
    <svg viewBox="0 0 32 32" aria-hidden className={cn('size-8 shrink-0', className)}>
      <defs>
        <linearGradient id={gradientId} x1="0" y1="0" x2="1" y2="1">
          <stop offset="0" stopColor="#34d399" />
          <stop offset="1" stopColor="#047857" />
        </linearGradient>
      </defs>
      <rect width="32" height="32" rx="8" fill={`url(#${gradientId})`} />
      <path d="M8 9h16M16 9v15" stroke="#020617" strokeWidth="3.5" strokeLinecap="round" />
      <circle cx="16" cy="24" r="2.5" fill="#fbbf24" />
    </svg>
  );
}

export function Wordmark({ className }: { className?: string }) {
  return (
    <span className={cn('font-display text-2xl font-extrabold tracking-tight uppercase italic', className)}>
      Touch<span className="text-emerald-400">line</span>
    </span>
  );
}
