import { cn } from '@/lib/cn';

import { nameInitials } from '../utils';

export function Avatar({ name, className }: { name: string; className?: string }) {
  return (
    <span
      aria-hidden
      className={cn(
        'flex size-10 shrink-0 items-center justify-center rounded-full bg-linear-to-br from-emerald-400 to-emerald-700 text-sm font-black text-slate-950',
        className,
      )}
    >
      {nameInitials(name)}
    </span>
  );
}
