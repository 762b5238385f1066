import type { ComponentProps, ReactNode } from 'react';
import { useId } from 'react';

import { cn } from '@/lib/cn';

export function Input({ className, ...props }: ComponentProps<'input'>) {
  return (
    <input
      className={cn(
        'h-11 w-full rounded-xl border border-slate-700/80 bg-slate-900/80 px-3.5 text-sm text-slate-100',
        'placeholder:text-slate-500 transition-colors',
        'focus:border-emerald-500 focus:ring-2 focus:ring-emerald-500/30 focus:outline-none',
        'disabled:cursor-not-allowed disabled:opacity-60',
        'aria-invalid:border-rose-500 aria-invalid:ring-rose-500/30',
        className,
      )}
      {...props}
    />
  );
}

export function Label({ className, ...props }: ComponentProps<'label'>) {
  return <label className={cn('text-xs font-semibold tracking-wide text-slate-300', className)} {...props} />;
}

export interface TextFieldProps extends Omit<ComponentProps<'input'>, 'id'> {
  label: string;
  /** Optional element shown to the right of the label (for example a link). */
  labelAside?: ReactNode;
  /** A rule shown under the input before anything is sent ('At least 8 characters.'), its description. */
  hint?: string;
}

/** A labelled input: the label (and the hint, as its description) are linked to the input. */
export function TextField({ label, labelAside, hint, className, ...props }: TextFieldProps) {
  const id = useId();
  const hintId = `${id}-hint`;
  return (
    <div className={cn('flex flex-col gap-1.5', className)}>
      <div className="flex items-center justify-between">
        <Label htmlFor={id}>{label}</Label>
        {labelAside}
      </div>
      <Input id={id} aria-describedby={hint ? hintId : undefined} {...props} />
      {hint && (
        <p id={hintId} className="text-xs text-slate-400">
          {hint}
        </p>
      )}
    </div>
  );
}
