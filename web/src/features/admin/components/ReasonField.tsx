import { useId } from 'react';

import { MAX_REASON_LENGTH } from '@touchline/rules';

import { Label } from '@/components/ui/Input';

/** An optional reason the player will read (a rejection in the history, a ban at sign-in). */
export function ReasonField({
  value,
  onChange,
  hint,
}: {
  value: string;
  onChange: (value: string) => void;
  /** Where the player reads it. */
  hint: string;
}) {
  const id = useId();
  const hintId = useId();
  return (
    <div className="mt-3 flex flex-col gap-1.5">
      <Label htmlFor={id}>Reason (optional)</Label>
      <textarea
        id={id}
        rows={2}
        maxLength={MAX_REASON_LENGTH}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        aria-describedby={hintId}
        className="w-full resize-none rounded-xl border border-slate-700/80 bg-slate-900/80 px-3.5 py-2.5 text-sm text-slate-100 placeholder:text-slate-500 focus:border-emerald-500 focus:ring-2 focus:ring-emerald-500/30 focus:outline-none"
      />
      <p id={hintId} className="text-xs text-slate-400">
        {`${hint} At most ${MAX_REASON_LENGTH} characters (${value.length}/${MAX_REASON_LENGTH}).`}
      </p>
    </div>
  );
}
