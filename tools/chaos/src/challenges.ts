import type { Player } from './client';
import { cardsOf, race, type CardView } from './moves';
import type { Dice } from './random';

interface ChallengeView {
  id: number;
  cardCount: number;
  teamId: number | null;
  position: string | null;
  minRarity: string | null;
  minTotalValue: number | null;
  state: string;
  submission: unknown;
}

/** Challenges any squad of the right size meets: what the run's players can complete. */
const OPEN_TO_ANY = [1, 2, 3].map((cardCount) => ({
  title: `Any ${cardCount} chaos`,
  cardCount,
  rewardCoins: 100 * cardCount,
}));

/**
 * Squad challenges (issue 44, item 5): players give up squads (a double tap with one key, two
 * squads for one challenge at once, a squad while one of its cards is being listed), and now and
 * then a squad that misses the requirements (refused: nothing burns). The audit then checks that
 * every burned card has its challenge and each challenge was completed once per player.
 */
export class ChallengeMoves {
  /** The admin makes the challenges any squad meets, beside the seeded demo ones. */
  static async setUp(admin: Player): Promise<void> {
    for (const body of OPEN_TO_ANY)
      await admin.call('admin.challengeCreate', 'post', '/api/admin/challenges', { body });
  }

  async complete(p: Player, dice: Dice): Promise<void> {
    const res = await p.call<{ items: ChallengeView[] }>('read.challenges', 'get', '/api/challenges', {
      key: false,
    });
    const open = res.status === 200 ? res.body.items.filter((c) => c.state === 'open') : [];
    // Mostly one not done yet that any squad meets; now and then a demo one or a done one (refusals).
    const easy = open.filter(
      (c) => !c.submission && !c.teamId && !c.position && !c.minRarity && !c.minTotalValue,
    );
    const challenge = dice.chance(0.85) ? dice.pick(easy) : dice.pick(open);
    const free = (await cardsOf(p)).filter((c) => !c.forSale && !c.auctionId);
    if (!challenge || free.length < challenge.cardCount) return;
    const squad = (from: CardView[]) => dice.shuffle(from).slice(0, challenge.cardCount);
    const submit = (cards: CardView[], key?: string) =>
      p.call('challenge.submit', 'post', `/api/challenges/${challenge.id}/submissions`, {
        body: { cardIds: cards.map((c) => c.id) },
        key,
      });
    const mode = dice.int(0, 9);
    const first = squad(free);
    if (mode < 2 && free.length >= 2 * challenge.cardCount) {
      // Two squads for one challenge at once: one completes it, the other burns nothing.
      const second = squad(free.filter((c) => !first.includes(c)));
      await Promise.all([submit(first), submit(second)]);
    } else if (mode < 4) {
      // A card of the squad listed at the same moment: one of the two wins, never both.
      const card = first[0]!;
      await Promise.all([
        submit(first),
        p.call('market.sell', 'post', `/api/market/sell/${card.id}`, {
          body: { price: card.player.currentPrice },
        }),
      ]);
    } else await race(dice.chance(0.3) ? 2 : 1, (key) => submit(first, key));
  }
}
