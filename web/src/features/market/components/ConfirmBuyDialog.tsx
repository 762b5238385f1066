import { CoinAmount } from '@/components/CoinAmount';
import { ConfirmDialog } from '@/components/ui/ConfirmDialog';
import { CoinShortfall } from '@/components/wallet/CoinShortfall';
import { editionLabel } from '@/lib/cards';
import { formatNumber } from '@/lib/format';
import { displayName } from '@/lib/people';
import { coinShortfall } from '@/lib/shortfall';

import type { MarketItem } from '@touchline/contract';

export interface ConfirmBuyDialogProps {
  /** The listing whose 'Buy' or 'Trade' was tapped; null keeps the dialog closed. */
  item: MarketItem | null;
  /** The buyer's coins, when known: the dialog shows the balance after the purchase. */
  balance: number | undefined;
  onConfirm: (item: MarketItem) => void;
  onCancel: () => void;
}

/**
 * A row's 'Buy' or 'Trade' spends coins at once, so it asks first and states what moves: the price
 * leaves the balance (the seller's fee is taken from the seller, not added here) and the card arrives.
 * A price above the balance keeps the buy disabled and says how many coins are missing.
 */
export function ConfirmBuyDialog({ item, balance, onConfirm, onCancel }: ConfirmBuyDialogProps) {
  if (!item) return null;
  const { player } = item;
  const edition = editionLabel(item.editionNumber, item.maxEditions);
  // The seller as the market list names them.
  const shortfall = coinShortfall(balance, item.price);
  const from = item.userId === 0 ? 'the market' : displayName(item.userId, item.username, undefined);
  return (
    <ConfirmDialog
      open
      title={`Buy ${player.name}?`}
      description={`${formatNumber(item.price)} coins leave your balance now and the card joins your collection. A purchase cannot be undone.`}
      moves={[
        { label: 'You pay', value: <CoinAmount value={item.price} /> },
        {
          label: 'You get',
          value: `${player.name} · ${player.rarity} ${player.position}${edition ? ` · ${edition}` : ''}`,
        },
        { label: 'From', value: from },
        ...(balance === undefined || shortfall > 0
          ? []
          : [{ label: 'Balance after', value: <CoinAmount value={balance - item.price} /> }]),
      ]}
      confirmLabel={`Buy for ${formatNumber(item.price)}`}
      confirmDisabled={shortfall > 0}
      onConfirm={() => onConfirm(item)}
      onCancel={onCancel}
    >
      <CoinShortfall shortfall={shortfall} className="mt-3" />
    </ConfirmDialog>
  );
}
