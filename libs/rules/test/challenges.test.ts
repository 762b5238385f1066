import { describe, expect, it } from 'vitest';
import {
  cardFit,
  challengeRewardKey,
  challengeState,
  checkSquad,
  describeRequirements,
  rarityAtLeast,
  type ChallengeRequirements,
  type SquadCard,
} from '../src/challenges';

const none: ChallengeRequirements = {
  cardCount: 3,
  teamId: null,
  position: null,
  minRarity: null,
  minTotalValue: null,
};
const card = (id: number, over: Partial<SquadCard> = {}): SquadCard => ({
  id,
  teamId: 1,
  position: 'Defender',
  rarity: 'Common',
  currentPrice: 100,
  ...over,
});

describe('challenge requirements', () => {
  it('ranks rarities from Common up', () => {
    expect(rarityAtLeast('Epic', 'Epic')).toBe(true);
    expect(rarityAtLeast('Legendary', 'Epic')).toBe(true);
    expect(rarityAtLeast('Ultra Legendary', 'Rare')).toBe(true);
    expect(rarityAtLeast('Rare', 'Epic')).toBe(false);
    expect(rarityAtLeast('Nonsense', 'Common')).toBe(false);
  });

  it('says which per-card requirement each card meets, null when not asked', () => {
    const req = { ...none, teamId: 2, minRarity: 'Rare' as const };
    expect(cardFit(card(1, { teamId: 2, rarity: 'Epic' }), req)).toEqual({
      team: true,
      position: null,
      rarity: true,
    });
    expect(cardFit(card(2, { teamId: 3 }), req)).toEqual({ team: false, position: null, rarity: false });
  });

  it('accepts a squad meeting every requirement', () => {
    const req = { ...none, teamId: 1, position: 'Defender' as const, minTotalValue: 300 };
    const check = checkSquad([card(1), card(2), card(3)], req);
    expect(check.ok).toBe(true);
    expect(check.problems).toEqual([]);
    expect(check.totalValue).toEqual({ have: 300, need: 300, ok: true });
  });

  it('refuses the wrong count, a misfit and a low total, each in words', () => {
    const req = { ...none, position: 'Defender' as const, minTotalValue: 1000 };
    const check = checkSquad([card(1), card(2, { position: 'Forward' })], req);
    expect(check.ok).toBe(false);
    expect(check.problems).toEqual([
      'The squad needs exactly 3 cards',
      '1 card does not meet the requirements',
      'The total value must be at least 1,000 coins',
    ]);
    expect(check.cards.map((c) => c.ok)).toEqual([true, false]);
  });

  it('counts a repeated card once', () => {
    const check = checkSquad([card(1), card(1), card(2)], none);
    expect(check.count).toEqual({ have: 2, need: 3, ok: false });
  });

  it('describes the requirements plainly', () => {
    expect(
      describeRequirements(
        { cardCount: 1, teamId: 4, position: 'Goalkeeper', minRarity: 'Epic', minTotalValue: 5000 },
        'Austin FC',
      ),
    ).toEqual([
      'Exactly 1 card',
      'Every card from Austin FC',
      'Every card a Goalkeeper',
      'Every card Epic or rarer',
      'Total value at least 5,000 coins',
    ]);
  });

  it('knows a challenge is scheduled, open, ended or retired', () => {
    const at = (iso: string) => new Date(iso);
    const c = { startsAt: at('2026-01-02T00:00:00Z'), endsAt: at('2026-01-03T00:00:00Z'), retiredAt: null };
    expect(challengeState(c, at('2026-01-01T00:00:00Z'))).toBe('scheduled');
    expect(challengeState(c, at('2026-01-02T00:00:00Z'))).toBe('open');
    expect(challengeState(c, at('2026-01-03T00:00:00Z'))).toBe('ended');
    expect(challengeState({ ...c, retiredAt: at('2026-01-02T01:00:00Z') }, at('2026-01-02T02:00:00Z'))).toBe(
      'retired',
    );
    expect(challengeState({ ...c, endsAt: null }, at('2030-01-01T00:00:00Z'))).toBe('open');
  });

  it('keys the reward by challenge and player', () => {
    expect(challengeRewardKey(7, 42)).toBe('challenge:7:42');
  });
});
