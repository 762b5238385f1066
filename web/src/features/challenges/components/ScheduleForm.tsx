import { useState, type FormEvent } from 'react';

import type { Challenge } from '@touchline/contract';

import { Alert } from '@/components/ui/Alert';
import { Button } from '@/components/ui/Button';
import { TextField } from '@/components/ui/Input';
import { errorMessage } from '@/lib/api';
import { useScheduleChallenge } from '@/lib/data/challenges';

/** An instant as a datetime-local value in the admin's own clock ('' when none). */
export function localValue(iso: string | null): string {
  if (!iso) return '';
  const at = new Date(iso);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${at.getFullYear()}-${pad(at.getMonth() + 1)}-${pad(at.getDate())}T${pad(at.getHours())}:${pad(at.getMinutes())}`;
}

/** Moves a challenge's start and end (an empty end: it runs until retired). */
export function ScheduleForm({ challenge, onDone }: { challenge: Challenge; onDone: () => void }) {
  const [startsAt, setStartsAt] = useState(localValue(challenge.startsAt));
  const [endsAt, setEndsAt] = useState(localValue(challenge.endsAt));
  const schedule = useScheduleChallenge();
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!startsAt) return;
    schedule.mutate(
      {
        id: challenge.id,
        body: {
          startsAt: new Date(startsAt).toISOString(),
          endsAt: endsAt ? new Date(endsAt).toISOString() : null,
        },
      },
      { onSuccess: onDone },
    );
  };
  return (
    <form aria-label={`Schedule of ${challenge.title}`} onSubmit={onSubmit} className="flex flex-col gap-2">
      <div className="grid gap-2 sm:grid-cols-2">
        <TextField
          label="Starts"
          type="datetime-local"
          required
          value={startsAt}
          onChange={(e) => setStartsAt(e.target.value)}
        />
        <TextField
          label="Ends"
          type="datetime-local"
          hint="Empty: no end"
          value={endsAt}
          onChange={(e) => setEndsAt(e.target.value)}
        />
      </div>
      {schedule.isError && <Alert>{errorMessage(schedule.error)}</Alert>}
      <div className="flex gap-2">
        <Button type="submit" size="sm" loading={schedule.isPending}>
          Save dates
        </Button>
        <Button type="button" size="sm" variant="ghost" onClick={onDone}>
          Cancel
        </Button>
      </div>
    </form>
  );
}
