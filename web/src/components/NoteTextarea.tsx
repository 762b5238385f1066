import { MessageSquareOff } from 'lucide-react';
import { useId, type ChangeEvent } from 'react';

import { useUser } from '@/lib/data/auth';

export const MUTED_NOTE_REASON = 'Your account is muted, so you cannot add notes.';

export interface NoteTextareaProps {
  id: string;
  value: string;
  onChange: (value: string) => void;
  maxLength: number;
  placeholder: string;
}

/**
 * A note on an offer or a wish. A muted player finds it disabled with the reason before typing; the
 * trading service still refuses a muted player's note.
 */
export function NoteTextarea({ id, value, onChange, maxLength, placeholder }: NoteTextareaProps) {
  const muted = useUser().data?.muted === true;
  const reasonId = useId();
  return (
    <>
      <textarea
        id={id}
        rows={2}
        maxLength={maxLength}
        value={muted ? '' : value}
        disabled={muted}
        aria-describedby={muted ? reasonId : undefined}
        onChange={(event: ChangeEvent<HTMLTextAreaElement>) => onChange(event.target.value)}
        placeholder={muted ? 'Notes are turned off for your account' : placeholder}
        className="w-full resize-none rounded-xl border border-slate-700/80 bg-slate-900/80 px-3.5 py-2.5 text-sm text-slate-100 placeholder:text-slate-500 focus:border-emerald-500 focus:ring-2 focus:ring-emerald-500/30 focus:outline-none disabled:cursor-not-allowed disabled:opacity-60"
      />
      {muted && (
        <p id={reasonId} className="flex items-center gap-1.5 text-xs text-amber-300">
          <MessageSquareOff aria-hidden className="size-3.5 shrink-0" />
          {MUTED_NOTE_REASON}
        </p>
      )}
    </>
  );
}
