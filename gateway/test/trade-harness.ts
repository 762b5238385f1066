import type { InProcessBus } from '@touchline/kit';
import type { TestService } from '@touchline/kit/testing';
import { startTrading } from '../../services/trading/test/support';
import { serveGateway, type ServedGateway } from './support';

export interface TradeHarness extends ServedGateway {
  bus: InProcessBus;
  services: Record<'wallet' | 'identity' | 'cards' | 'trading', TestService>;
}

/**
 * The four services behind the trade routes (trading's own harness: wallet without welcome coins,
 * identity, cards-market with the market always open, trading) and the gateway in front of them.
 */
export async function startTradeHarness(): Promise<TradeHarness> {
  const h = await startTrading();
  const gateway = await serveGateway({
    identity: h.identity.service.address,
    'cards-market': h.cards.service.address,
    'wallet-payments': h.wallet.service.address,
    trading: h.trading.service.address,
  });
  return {
    ...gateway,
    bus: h.bus,
    services: { wallet: h.wallet, identity: h.identity, cards: h.cards, trading: h.trading },
    async close() {
      await gateway.close();
      await h.stop();
    },
  };
}
