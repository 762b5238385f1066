import { CircleAlert } from 'lucide-react';
import type { ComponentProps } from 'react';

import { cn } from '@/lib/cn';

/** Inline error message announced to assistive technology. */
export function Alert({ className, children, ...props }: ComponentProps<'div'>) {
  return (
    <div
      role="alert"
      className={cn(
        'flex items-center gap-2 rounded-xl border border-rose-500/30 bg-rose-500/10 px-3 py-2.5 text-sm font-medium text-rose-300',
        className,
      )}
      {...props}
    >
      <CircleAlert aria-hidden className="size-4 shrink-0" />
      <span>{children}</span>
    </div>
  );
}
