import { useState } from 'react';

import type { CollectionCard } from '@touchline/contract';
import { Button } from '@/components/ui/Button';
import { Select } from '@/components/ui/Select';
import { RARITIES } from '@/lib/cards';
import { cn } from '@/lib/cn';
import { formatNumber } from '@/lib/format';

export interface CardSelectionProps {
  cards: readonly CollectionCard[];
  selected: ReadonlySet<number>;
  onSelectedChange: (next: Set<number>) => void;
  onTransfer: () => void;
  busy: boolean;
}

/** The admin's cards with filters; Messi cards are shown but can never be selected. */
export function CardSelection({ cards, selected, onSelectedChange, onTransfer, busy }: CardSelectionProps) {
  const [rarity, setRarity] = useState('');
  const [position, setPosition] = useState('');
  const [hideMessi, setHideMessi] = useState(false);
  const positions = [...new Set(cards.map((c) => c.position))].sort();
  const shown = cards.filter(
    (c) =>
      (!rarity || c.rarity === rarity) && (!position || c.position === position) && !(hideMessi && c.isMessi),
  );

  function toggle(card: CollectionCard) {
    if (card.isMessi) return;
    const next = new Set(selected);
    if (next.has(card.id)) next.delete(card.id);
    else next.add(card.id);
    onSelectedChange(next);
  }

  return (
    <div className="flex flex-col gap-3">
      <div className="grid grid-cols-2 gap-2">
        <Select aria-label="Rarity" value={rarity} onChange={(e) => setRarity(e.target.value)}>
          <option value="">All</option>
          {RARITIES.map((r) => (
            <option key={r} value={r}>
              {r}
            </option>
          ))}
        </Select>
        <Select aria-label="Position" value={position} onChange={(e) => setPosition(e.target.value)}>
          <option value="">All</option>
          {positions.map((p) => (
            <option key={p} value={p}>
              {p}
            </option>
          ))}
        </Select>
      </div>
      <label className="flex items-center gap-2 text-sm text-slate-300">
        <input type="checkbox" checked={hideMessi} onChange={(e) => setHideMessi(e.target.checked)} />
        Hide Messi Cards
      </label>
      <div className="flex flex-wrap gap-2">
        <Button
          size="sm"
          variant="outline"
          disabled={busy}
          onClick={() => onSelectedChange(new Set(shown.filter((c) => !c.isMessi).map((c) => c.id)))}
        >
          Select All Non-Messi
        </Button>
        <Button size="sm" variant="outline" disabled={busy} onClick={() => onSelectedChange(new Set())}>
          Clear Selection
        </Button>
        <Button size="sm" disabled={busy} loading={busy} onClick={onTransfer}>
          Transfer {selected.size} Card(s)
        </Button>
      </div>
      {shown.length === 0 ? (
        <p className="py-8 text-center text-sm text-slate-400">No cards match your filter criteria</p>
      ) : (
        <ul className="grid grid-cols-2 gap-2">
          {shown.map((card) => (
            <li
              key={card.id}
              data-testid={`admin-card-${card.id}`}
              onClick={() => toggle(card)}
              className={cn(
                'flex flex-col gap-1 rounded-xl border p-2 text-xs',
                card.isMessi ? 'border-amber-400/40 opacity-70' : 'cursor-pointer border-white/10',
                selected.has(card.id) && 'border-emerald-400 bg-emerald-500/10',
              )}
            >
              <label className="flex items-center gap-1.5" onClick={(e) => e.stopPropagation()}>
                <input
                  type="checkbox"
                  aria-label={`Select ${card.playerName} #${card.edition}`}
                  checked={selected.has(card.id)}
                  disabled={card.isMessi || busy}
                  onChange={() => toggle(card)}
                />
                <span className="text-slate-400">
                  #{card.edition}/{card.maxEditions}
                </span>
              </label>
              {card.imageUrl && (
                <img src={card.imageUrl} alt="" className="h-20 w-full rounded-lg object-cover" />
              )}
              <span className="font-semibold text-slate-100">{card.playerName}</span>
              <span className="text-slate-400">
                {card.rarity} · {card.position}
              </span>
              <span className="text-slate-400">{card.teamName}</span>
              <span className="text-amber-300">{formatNumber(card.currentPrice)} coins</span>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
