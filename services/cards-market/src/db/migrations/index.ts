import type { Migration } from '@touchline/kit';
import { catalog } from './001_catalog';
import { market } from './002_market';
import { holdsAndPacks } from './003_holds_packs';
import { shopTransfers } from './004_shop_transfers';
import { listingFeeRate } from './005_listing_fee_rate';
import { marketState } from './006_market_state';
import { teamNames } from './007_team_names';
import { sellRefusals } from './008_sell_refusals';
import { priceSeed } from './009_price_seed';
import { listingMarketPrice } from './010_listing_market_price';
import { packReveal } from './011_pack_reveal';
import { watchlist } from './012_watchlist';
import { auctions } from './013_auctions';
import { packPullCosts } from './014_pack_pull_costs';
import { challenges } from './015_challenges';
import { pitchDemand } from './016_pitch_demand';
import { challengePackRewards } from './017_challenge_pack_rewards';
import { marketSupplyIndex } from './018_market_supply_index';

/** The cards_market schema, in order. */
export const migrations: Migration[] = [
  catalog,
  market,
  holdsAndPacks,
  shopTransfers,
  listingFeeRate,
  marketState,
  teamNames,
  sellRefusals,
  priceSeed,
  listingMarketPrice,
  packReveal,
  watchlist,
  auctions,
  packPullCosts,
  challenges,
  pitchDemand,
  challengePackRewards,
  marketSupplyIndex,
];
