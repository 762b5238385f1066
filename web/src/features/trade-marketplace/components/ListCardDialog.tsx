import { ListPlus } from 'lucide-react';
import { useId, useState, type FormEvent, type ReactNode } from 'react';
import { toast } from '@/lib/toast';

import { NoteTextarea } from '@/components/NoteTextarea';
import { Button } from '@/components/ui/Button';
import { Label } from '@/components/ui/Input';
import { Select } from '@/components/ui/Select';
import { useTeams, useUserCards } from '@/lib/data/cards';
import { RarityBadge } from '@/components/cards/RarityBadge';
import { RARITIES } from '@/lib/cards';
import { AvailableCardPicker } from '@/components/trades/AvailableCardPicker';
import { CoinField } from '@/components/trades/CoinField';
import { availableCards, parseCoins } from '@/lib/trades';
import { errorMessage, newIdempotencyKey } from '@/lib/api';

import { useCreateTradeWish } from '@/lib/data/wishes';
import { buildWishRequest, WISH_POSITIONS, type WishForm } from '../utils';
import { TradeDialog } from '@/components/trades/TradeDialog';

const MAX_NOTES_LENGTH = 500;

export interface ListCardDialogProps {
  open: boolean;
  onClose: () => void;
  /** An owned card to preselect (from /trade-marketplace?cardId=). */
  initialCardId?: number | null;
}

/** 'List Card for Trade': an own available card plus optional preferred rarity, position, team, coins, notes. */
export function ListCardDialog({ open, onClose, initialCardId = null }: ListCardDialogProps) {
  return (
    <TradeDialog
      open={open}
      onClose={onClose}
      title="List Card for Trade"
      description="Choose a card and, if you like, what you want for it."
    >
      {open && <ListCardForm initialCardId={initialCardId} onDone={onClose} />}
    </TradeDialog>
  );
}

function ListCardForm({ initialCardId, onDone }: { initialCardId: number | null; onDone: () => void }) {
  const cards = useUserCards();
  const teams = useTeams();
  const create = useCreateTradeWish();
  const [cardId, setCardId] = useState<number | null>(initialCardId);
  const [rarity, setRarity] = useState<WishForm['desiredRarity']>('');
  const [position, setPosition] = useState<WishForm['desiredPosition']>('');
  const [teamId, setTeamId] = useState('');
  const [minimumText, setMinimumText] = useState('');
  const [notes, setNotes] = useState('');
  const ids = { rarity: useId(), position: useId(), team: useId(), notes: useId() };

  const available = availableCards(cards.data ?? []);
  const selected = available.find((card) => card.id === cardId) ?? null;
  const minimumCoins = parseCoins(minimumText);

  function submit(event: FormEvent) {
    event.preventDefault();
    if (!selected) {
      toast.error('No card selected', { description: 'Please select a card to list' });
      return;
    }
    if (Number.isNaN(minimumCoins)) {
      toast.error('Invalid coin amount', { description: 'Please enter a valid coin amount' });
      return;
    }
    const request = buildWishRequest({
      cardId: selected.id,
      desiredRarity: rarity,
      desiredPosition: position,
      desiredTeamId: teamId,
      minimumCoins,
      notes,
    });
    create.mutate(
      { request, idempotencyKey: newIdempotencyKey() },
      {
        onSuccess: () => {
          toast.success('Card listed for trade', {
            description: `${selected.player.name} is now on the Trade Marketplace.`,
          });
          onDone();
        },
        onError: (error) => toast.error('Failed to list card', { description: errorMessage(error) }),
      },
    );
  }

  const picker = (
    <AvailableCardPicker
      cards={cards}
      available={available}
      selectedId={selected?.id ?? null}
      onSelect={(card) => setCardId(card.id)}
      label="Choose a card to list"
      skeletons={3}
      emptyTitle="No cards available to list"
      emptyDescription="Cards listed for sale can't be listed for trade."
      marketLink
      className="max-h-72 overflow-y-auto p-1.5"
    />
  );

  return (
    <form aria-label="List card for trade" onSubmit={submit} noValidate className="flex flex-col gap-4">
      <div className="flex flex-col gap-2">
        <p className="text-xs font-semibold tracking-wide text-slate-300">Card</p>
        {selected && (
          <p
            aria-live="polite"
            className="flex items-center gap-2 rounded-xl border border-emerald-400/30 bg-emerald-500/10 px-3 py-2 text-xs text-emerald-200"
          >
            <span className="min-w-0 flex-1 truncate">
              Selected: <span className="font-bold">{selected.player.name}</span>
            </span>
            <RarityBadge rarity={selected.player.rarity} size="short" />
          </p>
        )}
        {picker}
      </div>

      <div className="grid grid-cols-2 gap-3">
        <Field id={ids.rarity} label="Preferred rarity">
          <Select
            id={ids.rarity}
            value={rarity}
            onChange={(event) => setRarity(event.target.value as WishForm['desiredRarity'])}
          >
            <option value="">Any rarity</option>
            {RARITIES.map((value) => (
              <option key={value} value={value}>
                {value}
              </option>
            ))}
          </Select>
        </Field>
        <Field id={ids.position} label="Preferred position">
          <Select
            id={ids.position}
            value={position}
            onChange={(event) => setPosition(event.target.value as WishForm['desiredPosition'])}
          >
            <option value="">Any position</option>
            {WISH_POSITIONS.map((value) => (
              <option key={value} value={value}>
                {value}
              </option>
            ))}
          </Select>
        </Field>
      </div>
      <Field id={ids.team} label="Preferred team">
        <Select id={ids.team} value={teamId} onChange={(event) => setTeamId(event.target.value)}>
          <option value="">Any team</option>
          {(teams.data ?? []).map((team) => (
            <option key={team.id} value={String(team.id)}>
              {team.name}
            </option>
          ))}
        </Select>
      </Field>
      <CoinField
        label="Minimum coins"
        value={minimumText}
        onChange={setMinimumText}
        placeholder="No minimum"
        invalid={Number.isNaN(minimumCoins)}
        hint="The least you would accept for a coin offer (optional)."
      />
      <Field id={ids.notes} label="Notes">
        <NoteTextarea
          id={ids.notes}
          maxLength={MAX_NOTES_LENGTH}
          value={notes}
          onChange={setNotes}
          placeholder="Anything else other players should know (optional)"
        />
      </Field>

      <Button type="submit" size="lg" className="w-full" disabled={!selected} loading={create.isPending}>
        {!create.isPending && <ListPlus aria-hidden className="size-4" />}
        List Card
      </Button>
    </form>
  );
}

function Field({ id, label, children }: { id: string; label: string; children: ReactNode }) {
  return (
    <div className="flex flex-col gap-1.5">
      <Label htmlFor={id}>{label}</Label>
      {children}
    </div>
  );
}
