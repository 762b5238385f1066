import { useMemo, useState } from 'react';

import type { Card, Challenge } from '@touchline/contract';

import { CoinAmount } from '@/components/CoinAmount';
import { RarityBadge } from '@/components/cards/RarityBadge';
import { Alert } from '@/components/ui/Alert';
import { Button } from '@/components/ui/Button';
import { ConfirmDialog } from '@/components/ui/ConfirmDialog';
import { EmptyState } from '@/components/ui/EmptyState';
import { errorMessage, newIdempotencyKey } from '@/lib/api';
import { useSubmitSquad } from '@/lib/data/challenges';
import { cn } from '@/lib/cn';
import { formatNumber } from '@/lib/format';
import { Layers } from 'lucide-react';

import { cardFits, checkOf, fitLabels, fitOf, requirementLines, unavailableReason } from '../utils';
import { ChallengeReward } from './ChallengeReward';
import { RequirementList } from './RequirementList';

export interface SquadBuilderProps {
  challenge: Challenge;
  cards: readonly Card[];
}

/**
 * The squad builder: the player's cards, those that meet every per-card requirement first, each
 * with which requirement it meets; the requirements ticked as the squad meets them; and the button
 * that gives the squad up after a confirmation saying the cards are gone for good.
 */
export function SquadBuilder({ challenge, cards }: SquadBuilderProps) {
  const [chosen, setChosen] = useState<number[]>([]);
  const [confirming, setConfirming] = useState(false);
  const [key, setKey] = useState(newIdempotencyKey);
  const submit = useSubmitSquad();
  const rows = useMemo(
    () =>
      cards
        .map((card) => ({ card, fit: fitOf(card, challenge), unavailable: unavailableReason(card) }))
        .sort(
          (a, b) =>
            Number(cardFits(b.fit)) - Number(cardFits(a.fit)) ||
            a.card.player.currentPrice - b.card.player.currentPrice,
        ),
    [cards, challenge],
  );
  // In the order the player chose them.
  const byId = new Map(rows.map((r) => [r.card.id, r.card]));
  const picked = chosen.flatMap((id) => byId.get(id) ?? []);
  const check = checkOf(picked, challenge);
  const met = picked.length === 0 ? undefined : lineStates(challenge, check);

  const toggle = (id: number) => {
    submit.reset();
    setKey(newIdempotencyKey());
    setChosen((current) => (current.includes(id) ? current.filter((c) => c !== id) : [...current, id]));
  };

  return (
    <div className="flex flex-col gap-4">
      <section
        aria-labelledby="squad-requirements"
        className="flex flex-col gap-2 rounded-2xl border border-white/5 bg-slate-900/60 p-4"
      >
        <h2 id="squad-requirements" className="text-sm font-bold text-slate-100">
          Requirements
        </h2>
        <RequirementList lines={requirementLines(challenge)} met={met} />
        <p className="text-sm text-slate-300" aria-live="polite">
          {`Chosen: ${picked.length} of ${challenge.cardCount} · Total value ${formatNumber(check.totalValue.have)} coins`}
        </p>
      </section>

      {rows.length === 0 ? (
        <EmptyState
          icon={Layers}
          title="No cards yet"
          description="Open a pack or buy cards on the market to build a squad."
        />
      ) : (
        <fieldset className="flex flex-col gap-2">
          <legend className="mb-2 text-sm font-bold text-slate-100">Your cards</legend>
          <ul className="grid gap-2 sm:grid-cols-2">
            {rows.map(({ card, fit, unavailable }) => {
              const selected = chosen.includes(card.id);
              return (
                <li key={card.id}>
                  <label
                    className={cn(
                      'flex cursor-pointer items-center gap-3 rounded-xl border p-3 transition-colors',
                      selected ? 'border-emerald-400 bg-emerald-500/10' : 'border-white/5 bg-slate-900/60',
                      unavailable && 'cursor-not-allowed opacity-60',
                    )}
                  >
                    <input
                      type="checkbox"
                      className="size-4 accent-emerald-500"
                      checked={selected}
                      disabled={unavailable !== null}
                      onChange={() => toggle(card.id)}
                    />
                    <span className="flex min-w-0 flex-1 flex-col gap-1">
                      <span className="flex items-center gap-2">
                        <span className="truncate text-sm font-semibold text-slate-100">
                          {card.player.name}
                        </span>
                        <RarityBadge rarity={card.player.rarity} size="short" />
                      </span>
                      <span className="truncate text-xs text-slate-400">
                        {`${card.player.position} · ${card.player.team.name} · #${card.editionNumber}`}
                      </span>
                      <span className="flex flex-wrap items-center gap-1.5 text-[11px]">
                        {unavailable ? (
                          <span className="font-semibold text-amber-300">{unavailable}</span>
                        ) : (
                          fitLabels(fit, challenge).map(({ label, met: ok }) => (
                            <span
                              key={label}
                              className={cn(
                                'rounded-full border px-1.5 py-0.5 font-semibold',
                                ok
                                  ? 'border-emerald-500/40 text-emerald-300'
                                  : 'border-red-500/40 text-red-300',
                              )}
                            >
                              {`${label} ${ok ? '✓' : '✗'}`}
                              <span className="sr-only">{ok ? ' met' : ' not met'}</span>
                            </span>
                          ))
                        )}
                      </span>
                    </span>
                    <CoinAmount value={card.player.currentPrice} className="text-xs" />
                  </label>
                </li>
              );
            })}
          </ul>
        </fieldset>
      )}

      {submit.isError && <Alert>{errorMessage(submit.error)}</Alert>}
      {picked.length > 0 && !check.ok && (
        <p className="text-xs text-slate-400">{check.problems.join('. ')}.</p>
      )}
      <div className="sticky bottom-20 lg:bottom-4">
        <Button className="w-full" disabled={!check.ok} onClick={() => setConfirming(true)}>
          Submit squad
        </Button>
      </div>
      <ConfirmDialog
        open={confirming}
        title="Give up these cards?"
        description={`The ${picked.length === 1 ? 'card leaves' : `${picked.length} cards leave`} your collection for good: they cannot be sold, traded or used again.`}
        moves={[
          { label: 'You give up', value: picked.map((c) => c.player.name).join(', ') },
          {
            label: 'You get',
            value: <ChallengeReward coins={challenge.rewardCoins} packName={challenge.rewardPackName} />,
          },
        ]}
        confirmLabel="Submit squad"
        busy={submit.isPending}
        onCancel={() => setConfirming(false)}
        onConfirm={() =>
          submit.mutate(
            { challengeId: challenge.id, cardIds: picked.map((c) => c.id), idempotencyKey: key },
            { onSettled: () => setConfirming(false) },
          )
        }
      />
    </div>
  );
}

/** Whether the chosen squad meets each requirement line, in requirementLines' order. */
function lineStates(challenge: Challenge, check: ReturnType<typeof checkOf>): boolean[] {
  const every = (part: 'team' | 'position' | 'rarity') => check.cards.every((c) => c.fit[part] !== false);
  const states = [check.count.ok];
  if (challenge.teamId !== null) states.push(every('team'));
  if (challenge.position !== null) states.push(every('position'));
  if (challenge.minRarity !== null) states.push(every('rarity'));
  if (challenge.minTotalValue !== null) states.push(check.totalValue.ok);
  return states;
}
