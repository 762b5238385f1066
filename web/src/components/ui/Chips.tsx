import { cn } from '@/lib/cn';

export interface ChipsProps<T extends string> {
  /** Accessible name of the group. */
  label: string;
  options: readonly T[];
  value: T;
  onChange: (value: T) => void;
  className?: string;
}

/** A single-choice row of pill buttons (aria-pressed marks the chosen one); scrolls sideways when long. */
export function Chips<T extends string>({ label, options, value, onChange, className }: ChipsProps<T>) {
  return (
    <div
      role="group"
      aria-label={label}
      className={cn('-mx-4 flex gap-2 overflow-x-auto px-4 pb-1 [scrollbar-width:none]', className)}
    >
      {options.map((option) => {
        const active = option === value;
        return (
          <button
            key={option}
            type="button"
            aria-pressed={active}
            onClick={() => onChange(option)}
            className={cn(
              'h-8 shrink-0 rounded-full border px-3.5 text-xs font-semibold whitespace-nowrap transition-colors',
              'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-emerald-400',
              active
                ? 'border-emerald-400 bg-emerald-500 text-slate-950 shadow shadow-emerald-500/20'
                : 'border-slate-700/80 bg-slate-900/70 text-slate-300 hover:border-slate-500 hover:text-slate-100',
            )}
          >
            {option}
          </button>
        );
      })}
    </div>
  );
}
