import { Search, SearchX } from 'lucide-react';

import { cn } from '@/lib/cn';

export interface SearchToggleProps {
  open: boolean;
  onToggle: () => void;
}

/** The header's search icon: shows or hides the screen's search box. */
export function SearchToggle({ open, onToggle }: SearchToggleProps) {
  const Icon = open ? SearchX : Search;
  return (
    <button
      type="button"
      aria-label="Search players"
      aria-pressed={open}
      onClick={onToggle}
      className={cn(
        'inline-flex size-9 items-center justify-center rounded-xl transition-colors',
        'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-emerald-400',
        open ? 'bg-slate-800 text-emerald-300' : 'text-slate-300 hover:bg-slate-800 hover:text-white',
      )}
    >
      <Icon aria-hidden className="size-5" />
    </button>
  );
}
