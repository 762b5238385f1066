import { useMemo, useState } from 'react';

import type { Card, Lineup } from '@touchline/contract';

import { RarityBadge } from '@/components/cards/RarityBadge';
import { Alert } from '@/components/ui/Alert';
import { Button } from '@/components/ui/Button';
import { Select } from '@/components/ui/Select';
import { errorMessage, newIdempotencyKey } from '@/lib/api';
import { useSetLineup } from '@/lib/data/matchday';

import { eligibleCards, EMPTY_PICKS, picksOf, SLOTS, type Picks, type SlotId } from '../utils';

export interface LineupBuilderProps {
  matchdayId: number;
  cards: readonly Card[];
  lineup: Lineup | null;
}

/**
 * The lineup builder: a place per position with the player's eligible cards (not listed, each player
 * once), a captain among the five, and the button that fields it (each click its own key, so a retried
 * request fields once).
 */
export function LineupBuilder({ matchdayId, cards, lineup }: LineupBuilderProps) {
  const [picks, setPicks] = useState<Picks>(() => (lineup ? picksOf(lineup.cards) : EMPTY_PICKS));
  const [captain, setCaptain] = useState<number | null>(lineup?.captainCardId ?? null);
  const save = useSetLineup();
  // Cards already fielded are held until kickoff: they stay pickable here whatever the list says.
  const pool = useMemo(() => {
    const fielded = new Set(lineup?.cards.map((c) => c.cardId) ?? []);
    return cards.map((c) => (fielded.has(c.id) ? { ...c, forSale: false } : c));
  }, [cards, lineup]);
  const byId = new Map(pool.map((c) => [c.id, c]));
  const chosen = SLOTS.map((s) => picks[s.id]).filter((id): id is number => id !== null);
  const captainId = captain !== null && chosen.includes(captain) ? captain : null;
  const complete = chosen.length === SLOTS.length && captainId !== null;

  const pick = (slot: SlotId, value: string) => {
    setPicks((current) => ({ ...current, [slot]: value ? Number(value) : null }));
    save.reset();
  };

  return (
    <form
      aria-label="Your lineup"
      className="flex flex-col gap-3"
      onSubmit={(event) => {
        event.preventDefault();
        if (!complete) return;
        save.mutate({
          matchdayId,
          body: { cardIds: chosen, captainCardId: captainId },
          idempotencyKey: newIdempotencyKey(),
        });
      }}
    >
      <ul className="flex flex-col gap-2.5">
        {SLOTS.map((slot) => {
          const options = eligibleCards(pool, slot.id, picks);
          const selected = picks[slot.id];
          const card = selected !== null ? byId.get(selected) : undefined;
          return (
            <li key={slot.id} className="rounded-xl border border-white/5 bg-slate-900/60 p-3">
              <label htmlFor={`slot-${slot.id}`} className="text-xs font-semibold text-slate-300">
                {slot.label}
              </label>
              <Select
                id={`slot-${slot.id}`}
                className="mt-1.5"
                value={selected ?? ''}
                onChange={(event) => pick(slot.id, event.target.value)}
              >
                <option value="">{options.length === 0 ? 'No eligible card' : 'Choose a card'}</option>
                {options.map((c) => (
                  <option key={c.id} value={c.id}>
                    {`${c.player.name} · ${c.player.rarity} · #${c.editionNumber}`}
                  </option>
                ))}
              </Select>
              {card && (
                <div className="mt-2 flex items-center justify-between gap-2">
                  <span className="flex min-w-0 items-center gap-2">
                    <RarityBadge rarity={card.player.rarity} size="short" />
                    <span className="truncate text-xs text-slate-400">{card.player.team.name}</span>
                  </span>
                  <label className="flex items-center gap-1.5 text-xs font-semibold text-slate-200">
                    <input
                      type="radio"
                      name="captain"
                      className="size-4 accent-emerald-500"
                      checked={captainId === card.id}
                      onChange={() => {
                        setCaptain(card.id);
                        save.reset();
                      }}
                    />
                    Captain
                  </label>
                </div>
              )}
            </li>
          );
        })}
      </ul>
      {save.isError && <Alert>{errorMessage(save.error)}</Alert>}
      {save.isSuccess && (
        <p role="status" className="text-sm font-medium text-emerald-300">
          Lineup saved. Your cards are held until kickoff.
        </p>
      )}
      <Button type="submit" disabled={!complete} loading={save.isPending}>
        {lineup ? 'Save lineup' : 'Field lineup'}
      </Button>
      {!complete && (
        <p className="text-xs text-slate-400">Pick a card for each place and a captain (×1.5 points).</p>
      )}
    </form>
  );
}
