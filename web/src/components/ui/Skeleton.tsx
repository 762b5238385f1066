import type { ComponentProps } from 'react';

import { cn } from '@/lib/cn';

/** Pulsing placeholder block shown while data loads. */
export function Skeleton({ className, ...props }: ComponentProps<'div'>) {
  return <div aria-hidden className={cn('animate-pulse rounded-xl bg-slate-800/70', className)} {...props} />;
}
