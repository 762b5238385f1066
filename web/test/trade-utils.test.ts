import { describe, expect, it } from 'vitest';

import {
  buildWishRequest,
  cardMismatches,
  DEFAULT_WISH_FILTERS,
  hasPreferences,
  wishOwnerName,
  type WishForm,
} from '@/features/trade-marketplace/utils';
import { withQuery } from '@/lib/api';
import { wishQuery } from '@/lib/data/wishes';
import { parseCoins, partyName, tradeableUsers } from '@/lib/trades';

import { collection, teams } from './card-fixtures';
import { makeWish, usernames } from './trade-fixtures';

describe('trade utils', () => {
  it('parses whole coins: blank is 0, anything else invalid is NaN', () => {
    expect(parseCoins('')).toBe(0);
    expect(parseCoins(' 250 ')).toBe(250);
    expect(parseCoins('-5')).toBeNaN();
    expect(parseCoins('1.5')).toBeNaN();
    expect(parseCoins('abc')).toBeNaN();
  });

  it('leaves the market and oneself out of the users to trade with', () => {
    expect(tradeableUsers(usernames, 7).map((u) => u.username)).toEqual(['bob', 'carol']);
  });

  it("names parties and listing owners by username, else 'User #id'", () => {
    expect(partyName({ id: 12, username: 'bob' })).toBe('bob');
    expect(partyName({ id: 12, username: null })).toBe('User #12');
    expect(wishOwnerName({ userId: 13, username: null })).toBe('User #13');
  });
});

describe('trade marketplace utils', () => {
  it('sends only the filters that are set', () => {
    expect(withQuery('/api/tradewishes', wishQuery(DEFAULT_WISH_FILTERS))).toBe(
      '/api/tradewishes?sort=newest',
    );
    expect(
      withQuery(
        '/api/tradewishes',
        wishQuery({
          search: ' messi ',
          rarity: 'Ultra Legendary',
          position: 'Forward',
          teamId: 12,
          user: 'bob',
          sort: 'value_asc',
        }),
      ),
    ).toBe(
      '/api/tradewishes?search=messi&rarity=Ultra+Legendary&position=Forward&teamId=12&user=bob&sort=value_asc',
    );
  });

  it('builds a wish request with only the set fields (minimum > 0, non-blank notes)', () => {
    const base: WishForm = {
      cardId: 5,
      desiredRarity: '',
      desiredPosition: '',
      desiredTeamId: '',
      minimumCoins: 0,
      notes: ' ',
    };
    expect(buildWishRequest(base)).toEqual({ cardId: 5 });
    expect(
      buildWishRequest({
        cardId: 5,
        desiredRarity: 'Rare',
        desiredPosition: 'Defender',
        desiredTeamId: '3',
        minimumCoins: 10,
        notes: ' hi ',
      }),
    ).toEqual({
      cardId: 5,
      desiredRarity: 'Rare',
      desiredPosition: 'Defender',
      desiredTeamId: 3,
      minimumCoins: 10,
      notes: 'hi',
    });
  });

  it('knows when a wish is open to any offers', () => {
    expect(hasPreferences(makeWish({ id: 1 }))).toBe(false);
    expect(hasPreferences(makeWish({ id: 1, minimumCoins: 0 }))).toBe(false);
    expect(hasPreferences(makeWish({ id: 1, minimumCoins: 1 }))).toBe(true);
    expect(hasPreferences(makeWish({ id: 1, desiredTeamId: 4 }))).toBe(true);
  });

  it('warns about each preference the offered card misses', () => {
    const messi = collection.find((card) => card.id === 103)!;
    expect(cardMismatches(messi, makeWish({ id: 1 }), teams)).toEqual([]);
    expect(
      cardMismatches(
        messi,
        makeWish({ id: 1, desiredRarity: 'Ultra Legendary', desiredPosition: 'Forward', desiredTeamId: 12 }),
        teams,
      ),
    ).toEqual([]);
    expect(
      cardMismatches(messi, makeWish({ id: 1, desiredPosition: 'Goalkeeper', desiredTeamId: 99 }), teams),
    ).toEqual([
      'Position does not match: they want a Goalkeeper, this card is a Forward',
      'Team does not match: they want Team #99, this card is Inter Miami CF',
    ]);
  });
});
