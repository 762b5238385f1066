import { ChevronDown } from 'lucide-react';
import type { ComponentProps } from 'react';

import { cn } from '@/lib/cn';

/** Native select styled like the inputs (best on mobile: the OS picker). */
export function Select({ className, children, ...props }: ComponentProps<'select'>) {
  return (
    <div className={cn('relative', className)}>
      <select
        className={cn(
          'h-10 w-full appearance-none rounded-xl border border-slate-700/80 bg-slate-900/80 pr-9 pl-3 text-sm font-medium text-slate-100',
          'transition-colors focus:border-emerald-500 focus:ring-2 focus:ring-emerald-500/30 focus:outline-none',
        )}
        {...props}
      >
        {children}
      </select>
      <ChevronDown
        aria-hidden
        className="pointer-events-none absolute top-1/2 right-3 size-4 -translate-y-1/2 text-slate-400"
      />
    </div>
  );
}
