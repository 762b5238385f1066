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

/**
 * Challenges any squad of the right size meets: what the run's players can complete. Their rewards
 * are coins, coins and a pack, and a pack alone (the shop's Common and Rare packs), so reward packs
 * are minted under the same races as the burns.
 */
const OPEN_TO_ANY = [
  { title: 'Any 1 chaos', cardCount: 1, rewardCoins: 100 },
  { title: 'Any 2 chaos', cardCount: 2, rewardCoins: 200, rewardPackId: 1 },
  { title: 'Any 3 chaos', cardCount: 3, rewardCoins: 0, rewardPackId: 2 },
];

/** Each shop pack's size by id: what a reward pack must mint (the challenges audit checks it). */
export type PackSizes = Map<number, number>;

/**
 * Squad challenges (issue 44, item 5): players give up squads (a double tap with one key, two
 * squads for one challenge at once, a squad while one of its cards is being listed), and now and
 * then a squad that misses the requirements (refused: nothing burns). The audit then checks that
 * every burned card has its challenge, each challenge was completed once per player, and each
 * reward pack minted its pack's cards once.
 */
export class ChallengeMoves {
  /** The admin makes the challenges any squad meets, beside the seeded demo ones; answers the packs' sizes. */
  static async setUp(admin: Player): Promise<PackSizes> {
    for (const body of OPEN_TO_ANY)
      await admin.call('admin.challengeCreate', 'post', '/api/admin/challenges', { body });
    const packs = await admin.call<{ id: number; packSize: number }[]>('read.packs', 'get', '/api/packs', {
      key: false,
    });
    if (packs.status !== 200) throw new Error(`chaos: the shop's packs did not load (${packs.status})`);
    return new Map(packs.body.map((p) => [p.id, p.packSize]));
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
