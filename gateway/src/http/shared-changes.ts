import type { RequestHandler, Response } from 'express';
import { api, type RouteDef } from '@touchline/contract';
import type { LiveMessage__Output } from '@touchline/protos/gen/touchline/notifications/LiveMessage';
import type { LiveWatcher } from '../live/hub';
import type { SharedAnswers, SharedTopic } from './shared-answers';

/**
 * What keeps the shared answers true. The market-wide live events tell every gateway process what
 * changed anywhere; a mutation through this process also drops what it changed the moment it
 * succeeds, before its answer leaves: the buyer's next read of the market no longer shows the card,
 * without waiting for the event to come round. What neither covers (a mint or a rename through
 * another replica, a starter pack minted after a sign-up) is bounded by the store's max-age.
 */

/** The answers a live change makes stale; `all` when changes may have been missed. */
function topicsOfChange(message: LiveMessage__Output): readonly SharedTopic[] | 'all' {
  switch (message.change) {
    case 'prices':
      return ['prices'];
    case 'market': // listed, withdrawn (a ban's too), sold (the market's own cards included)
      return ['listings'];
    case 'marketStatus':
      return ['listings', 'marketStatus'];
    case 'leaderboard': // a change of collection values: the board's order or figures moved
      return ['board'];
    case 'wishes': // a wish made, withdrawn or fulfilled (told to its owner, heard here for everyone)
      return ['wishes'];
    case 'resync':
      return 'all';
    default:
      return [];
  }
}

/** The store as a watcher of the live hub. */
export function sharedAnswersWatcher(shared: SharedAnswers): LiveWatcher {
  return {
    change(message) {
      const topics = topicsOfChange(message);
      if (topics === 'all') shared.clear();
      else if (topics.length > 0) shared.changed(...topics);
    },
    reset: () => shared.clear(),
  };
}

/** Mutations whose success changes shared answers. */
const MUTATIONS: readonly [RouteDef, readonly SharedTopic[]][] = [
  [api.market.buy, ['listings']],
  [api.market.sell, ['listings']],
  [api.market.withdraw, ['listings']],
  [api.market.reprice, ['listings']],
  // The admin's cards become the market's own: on the market page.
  [api.admin.transferToShop, ['listings']],
  // Minted editions: every player's edition count shows on every player list.
  [api.packs.purchase, ['players']],
  [api.payments.redeemPromo, ['players']],
  // The market page names the sellers; the trade screens list every player who is not banned.
  [api.user.setUsername, ['usernames']],
  [api.auth.register, ['usernames']],
  [api.admin.ban, ['usernames']],
  // The open wishes everyone browses; an accepted offer may fulfil one.
  [api.trades.createWish, ['wishes']],
  [api.trades.cancelWish, ['wishes']],
  [api.trades.accept, ['wishes']],
];

const matchers = MUTATIONS.map(([route, topics]) => ({
  method: route.method.toUpperCase(),
  path: new RegExp(`^${route.path.replace(/:\w+/g, '[^/]+')}$`),
  topics,
}));

/**
 * For the /api router, ahead of its routes (sign-up's included): a mutation listed above that
 * answers 2xx drops the answers it changed, just before its status line is written (so no client can
 * read the old answer after seeing the new one), and its user's next reads see them at once.
 */
export function dropSharedOnMutation(shared: SharedAnswers): RequestHandler {
  return (req, res, next) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      const path = req.baseUrl + req.path;
      const match = matchers.find((m) => m.method === req.method && m.path.test(path));
      if (match)
        onStatus(
          res,
          (status) => status >= 200 && status < 300 && shared.changedBy(req.session?.userId, ...match.topics),
        );
    }
    next();
  };
}

/** Calls `listener` with the status once, as the head of the answer is written. */
function onStatus(res: Response, listener: (status: number) => void): void {
  const writeHead = res.writeHead;
  let told = false;
  res.writeHead = function (this: Response, ...args: Parameters<Response['writeHead']>) {
    if (!told) {
      told = true;
      listener(typeof args[0] === 'number' ? args[0] : this.statusCode);
    }
    return writeHead.apply(this, args);
  } as Response['writeHead'];
}
