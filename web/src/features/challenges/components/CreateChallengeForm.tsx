import { useId, useState, type FormEvent } from 'react';

import { POSITIONS, RARITIES, type CreateChallengeBody } from '@touchline/contract';

import { Alert } from '@/components/ui/Alert';
import { Button } from '@/components/ui/Button';
import { Label, TextField } from '@/components/ui/Input';
import { Select } from '@/components/ui/Select';
import { errorMessage } from '@/lib/api';
import { useTeams } from '@/lib/data/cards';
import { useCreateChallenge } from '@/lib/data/challenges';
import { usePacks } from '@/lib/data/shop';

/** Said before asking the server, which refuses the same (cards-market checks every field). */
export const NO_REWARD = 'A challenge needs a coin reward or a reward pack';

/** A datetime-local value (the admin's own clock) as an instant; '' stays unset. */
const instant = (local: string): string | undefined => (local ? new Date(local).toISOString() : undefined);

const EMPTY = {
  title: '',
  description: '',
  cardCount: '3',
  teamId: '',
  position: '',
  minRarity: '',
  minTotalValue: '',
  rewardCoins: '1000',
  rewardPackId: '',
  startsAt: '',
  endsAt: '',
};

/**
 * The admin's form for a new challenge: requirements, a reward (coins, one of the shop's packs, or
 * both) and when it runs.
 */
export function CreateChallengeForm() {
  const [form, setForm] = useState(EMPTY);
  const [problem, setProblem] = useState<string | null>(null);
  const create = useCreateChallenge();
  const teams = useTeams();
  const packs = usePacks();
  const ids = { team: useId(), position: useId(), rarity: useId(), pack: useId() };
  const set = (field: keyof typeof EMPTY) => (value: string) => {
    create.reset();
    setProblem(null);
    setForm((current) => ({ ...current, [field]: value }));
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (Number(form.rewardCoins) <= 0 && !form.rewardPackId) {
      setProblem(NO_REWARD);
      return;
    }
    const body: CreateChallengeBody = {
      title: form.title,
      description: form.description || undefined,
      cardCount: Number(form.cardCount),
      teamId: form.teamId ? Number(form.teamId) : null,
      position: (form.position || null) as CreateChallengeBody['position'],
      minRarity: (form.minRarity || null) as CreateChallengeBody['minRarity'],
      minTotalValue: form.minTotalValue ? Number(form.minTotalValue) : null,
      rewardCoins: Number(form.rewardCoins),
      rewardPackId: form.rewardPackId ? Number(form.rewardPackId) : null,
      startsAt: instant(form.startsAt),
      endsAt: instant(form.endsAt) ?? null,
    };
    create.mutate(body, { onSuccess: () => setForm(EMPTY) });
  };

  return (
    <form aria-label="New challenge" onSubmit={onSubmit} className="flex flex-col gap-3">
      <TextField
        label="Title"
        required
        maxLength={80}
        value={form.title}
        onChange={(e) => set('title')(e.target.value)}
      />
      <TextField
        label="Description"
        maxLength={300}
        value={form.description}
        onChange={(e) => set('description')(e.target.value)}
      />
      <div className="grid gap-3 sm:grid-cols-2">
        <TextField
          label="Number of cards"
          type="number"
          min={1}
          max={11}
          required
          value={form.cardCount}
          onChange={(e) => set('cardCount')(e.target.value)}
        />
        <TextField
          label="Reward (coins)"
          type="number"
          min={0}
          max={1_000_000}
          required
          hint="0 with a reward pack: the pack alone"
          value={form.rewardCoins}
          onChange={(e) => set('rewardCoins')(e.target.value)}
        />
        <div className="flex flex-col gap-1.5">
          <Label htmlFor={ids.pack}>Reward pack</Label>
          <Select
            id={ids.pack}
            value={form.rewardPackId}
            onChange={(e) => set('rewardPackId')(e.target.value)}
          >
            <option value="">None</option>
            {packs.data?.map((pack) => (
              <option key={pack.id} value={pack.id}>
                {pack.name}
              </option>
            ))}
          </Select>
        </div>
        <div className="flex flex-col gap-1.5">
          <Label htmlFor={ids.team}>Team</Label>
          <Select id={ids.team} value={form.teamId} onChange={(e) => set('teamId')(e.target.value)}>
            <option value="">Any team</option>
            {teams.data?.map((team) => (
              <option key={team.id} value={team.id}>
                {team.name}
              </option>
            ))}
          </Select>
        </div>
        <div className="flex flex-col gap-1.5">
          <Label htmlFor={ids.position}>Position</Label>
          <Select id={ids.position} value={form.position} onChange={(e) => set('position')(e.target.value)}>
            <option value="">Any position</option>
            {POSITIONS.map((p) => (
              <option key={p} value={p}>
                {p}
              </option>
            ))}
          </Select>
        </div>
        <div className="flex flex-col gap-1.5">
          <Label htmlFor={ids.rarity}>Minimum rarity</Label>
          <Select id={ids.rarity} value={form.minRarity} onChange={(e) => set('minRarity')(e.target.value)}>
            <option value="">Any rarity</option>
            {RARITIES.map((r) => (
              <option key={r} value={r}>
                {r}
              </option>
            ))}
          </Select>
        </div>
        <TextField
          label="Minimum total value (coins)"
          type="number"
          min={1}
          value={form.minTotalValue}
          onChange={(e) => set('minTotalValue')(e.target.value)}
        />
        <TextField
          label="Starts"
          type="datetime-local"
          hint="Empty: now"
          value={form.startsAt}
          onChange={(e) => set('startsAt')(e.target.value)}
        />
        <TextField
          label="Ends"
          type="datetime-local"
          hint="Empty: no end"
          value={form.endsAt}
          onChange={(e) => set('endsAt')(e.target.value)}
        />
      </div>
      {problem && <Alert>{problem}</Alert>}
      {create.isError && <Alert>{errorMessage(create.error)}</Alert>}
      {create.isSuccess && (
        <p role="status" className="text-sm font-medium text-emerald-300">
          {`Challenge “${create.data.title}” created.`}
        </p>
      )}
      <Button type="submit" loading={create.isPending} className="self-start">
        Create challenge
      </Button>
    </form>
  );
}
