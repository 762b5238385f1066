import { useId } from 'react';

import type { MuteDuration } from '@touchline/contract';

export const MUTE_DURATION_LABELS: Record<MuteDuration, string> = {
  '1h': '1 hour',
  '24h': '24 hours',
  '7d': '7 days',
  permanent: 'Permanent',
};

/** How long a mute lasts: four choices; the server ends the mute by itself when the time is up. */
export function MuteDurationField({
  value,
  onChange,
}: {
  value: MuteDuration;
  onChange: (value: MuteDuration) => void;
}) {
  const name = useId();
  return (
    <fieldset className="mt-3 flex flex-col gap-1.5">
      <legend className="mb-1.5 text-sm font-medium text-slate-200">Duration</legend>
      <div className="grid grid-cols-2 gap-2">
        {(Object.keys(MUTE_DURATION_LABELS) as MuteDuration[]).map((duration) => (
          <label
            key={duration}
            className="flex cursor-pointer items-center gap-2 rounded-lg border border-slate-700/80 px-3 py-2 text-sm text-slate-200 has-[:checked]:border-emerald-500 has-[:checked]:bg-emerald-500/10"
          >
            <input
              type="radio"
              name={name}
              value={duration}
              checked={value === duration}
              onChange={() => onChange(duration)}
              className="accent-emerald-500"
            />
            {MUTE_DURATION_LABELS[duration]}
          </label>
        ))}
      </div>
    </fieldset>
  );
}
