import type { Player } from './client';
import { race } from './moves';
import type { Dice } from './random';

interface OwnCard {
  id: number;
  forSale: boolean;
  auctionId?: number | null;
  player: { id: number; position: string };
}

const SHAPE = ['Goalkeeper', 'Defender', 'Midfielder', 'Forward'] as const;

/**
 * Matchday moves (issue 44): a player fields a lineup of own cards, one per position and one more
 * outfield player, each player once; now and then the same lineup twice at once (a double tap);
 * fielding again changes the lineup. The cards are held until kickoff, so they race the sells,
 * trades and auctions of the other moves.
 */
export class LineupMoves {
  async field(p: Player, dice: Dice): Promise<void> {
    const open = await p.call<{ matchday: { id: number; state: string } }>(
      'read.matchday',
      'get',
      '/api/matchday',
      {
        key: false,
      },
    );
    const matchday = open.status === 200 ? open.body?.matchday : undefined;
    if (!matchday || matchday.state !== 'open') return;
    const res = await p.call<OwnCard[]>('read.cards', 'get', '/api/user/cards', { key: false });
    const free = (Array.isArray(res.body) ? res.body : []).filter((c) => !c.forSale && !c.auctionId);
    const picked: OwnCard[] = [];
    const players = new Set<number>();
    const take = (position?: string) => {
      const card = dice.pick(
        free.filter(
          (c) =>
            !picked.includes(c) &&
            !players.has(c.player.id) &&
            (position ? c.player.position.includes(position) : !c.player.position.includes('Goalkeeper')),
        ),
      );
      if (card) {
        picked.push(card);
        players.add(card.player.id);
      }
      return card;
    };
    // A place no own card fills: the cheapest market-owned card of it is bought first, as a player
    // building a lineup would (the next lineup move fields it).
    for (const position of SHAPE) if (!take(position)) return this.buyFor(p, position);
    if (!take()) return this.buyFor(p, dice.pick(['Defender', 'Midfielder', 'Forward'])!);
    const cardIds = picked.map((c) => c.id);
    const body = { cardIds, captainCardId: dice.pick(cardIds)! };
    const copies = dice.chance(0.25) ? 2 : 1;
    await race(copies, (key) =>
      p.call('matchday.lineup', 'put', `/api/matchday/${matchday.id}/lineup`, { body, key }),
    );
  }

  private async buyFor(p: Player, position: string): Promise<void> {
    const res = await p.call<{ id: number; userId: number; price: number }[]>(
      'read.market',
      'get',
      `/api/market?position=${position}&sort=price_asc`,
      { key: false },
    );
    const item = (Array.isArray(res.body) ? res.body : []).find((i) => i.userId === 0);
    if (!item) return;
    await p.call('market.buy', 'post', `/api/market/buy/${item.id}`, { body: { expectedPrice: item.price } });
  }
}
