import { BellPlus } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';

import { Button } from '@/components/ui/Button';
import { Input } from '@/components/ui/Input';
import { errorMessage } from '@/lib/api';
import { useSetPriceAlert } from '@/lib/data/watchlist';
import { toast } from '@/lib/toast';
import { parseCoins } from '@/lib/trades';
import type { AlertDirection, Player } from '@touchline/contract';

/** 'Alert me when the price goes above / below N coins' for one watched player. */
export function AlertForm({ player }: { player: Player }) {
  const setAlert = useSetPriceAlert();
  const [direction, setDirection] = useState<AlertDirection>('above');
  const [text, setText] = useState('');
  const directionId = useId();
  const priceId = useId();

  function submit(event: FormEvent) {
    event.preventDefault();
    const threshold = parseCoins(text);
    if (Number.isNaN(threshold) || threshold <= 0) {
      toast.error('Invalid price', { description: 'Enter a whole number of coins above 0' });
      return;
    }
    setAlert.mutate(
      { playerId: player.id, alert: { direction, threshold } },
      {
        onSuccess: () => {
          toast.success('Price alert set', {
            description: `${player.name} ${direction} ${threshold.toLocaleString('en-US')} coins`,
          });
          setText('');
        },
        onError: (error) => toast.error('Price alert not set', { description: errorMessage(error) }),
      },
    );
  }

  return (
    <form
      aria-label={`New price alert for ${player.name}`}
      onSubmit={submit}
      noValidate
      className="flex flex-wrap items-end gap-2"
    >
      <div className="flex flex-col gap-1">
        <label htmlFor={directionId} className="text-[11px] font-medium text-slate-400">
          Alert when the price goes
        </label>
        <select
          id={directionId}
          value={direction}
          onChange={(event) => setDirection(event.target.value as AlertDirection)}
          className="h-10 rounded-xl border border-white/10 bg-slate-950 px-3 text-sm text-slate-100"
        >
          <option value="above">above</option>
          <option value="below">below</option>
        </select>
      </div>
      <div className="flex min-w-28 flex-1 flex-col gap-1">
        <label htmlFor={priceId} className="text-[11px] font-medium text-slate-400">
          Price in coins
        </label>
        <Input
          id={priceId}
          inputMode="numeric"
          value={text}
          onChange={(event) => setText(event.target.value)}
          placeholder={String(player.currentPrice)}
        />
      </div>
      <Button type="submit" size="sm" className="h-10" loading={setAlert.isPending}>
        {!setAlert.isPending && <BellPlus aria-hidden className="size-4" />}
        Set Alert
      </Button>
    </form>
  );
}
