import { Check, Circle, X } from 'lucide-react';

import { cn } from '@/lib/cn';

export interface RequirementListProps {
  lines: readonly string[];
  /** Whether the chosen squad meets each line (same order); absent: nothing chosen to judge yet. */
  met?: readonly (boolean | null)[];
  className?: string;
}

/** A challenge's requirements in plain words, each with whether the squad meets it when one is chosen. */
export function RequirementList({ lines, met, className }: RequirementListProps) {
  return (
    <ul aria-label="Requirements" className={cn('flex flex-col gap-1', className)}>
      {lines.map((line, i) => {
        const state = met?.[i];
        const Icon = state === true ? Check : state === false ? X : Circle;
        return (
          <li key={line} className="flex items-center gap-2 text-sm text-slate-200">
            <Icon
              aria-hidden
              className={cn(
                'size-3.5 shrink-0',
                state === true ? 'text-emerald-400' : state === false ? 'text-red-400' : 'text-slate-500',
              )}
            />
            <span>
              {line}
              {state === true && <span className="sr-only"> (met)</span>}
              {state === false && <span className="sr-only"> (not met)</span>}
            </span>
          </li>
        );
      })}
    </ul>
  );
}
