import { CoinAmount } from '@/components/CoinAmount';
import { ConfirmDialog } from '@/components/ui/ConfirmDialog';
import { CoinShortfall } from '@/components/wallet/CoinShortfall';
import { formatNumber } from '@/lib/format';
import { coinShortfall } from '@/lib/shortfall';

import type { CardPack } from '@touchline/contract';

export interface ConfirmPackDialogProps {
  /** The pack whose 'Buy Pack' was tapped; null keeps the dialog closed. */
  pack: CardPack | null;
  /** The buyer's coins, when known: the dialog shows the balance after the purchase. */
  balance: number | undefined;
  onConfirm: (pack: CardPack) => void;
  onCancel: () => void;
}

/** A pack spends coins at once, like a market buy: it asks first and says what moves. */
export function ConfirmPackDialog({ pack, balance, onConfirm, onCancel }: ConfirmPackDialogProps) {
  if (!pack) return null;
  // The balance can drop below the price while the dialog is open (a buy on another tab).
  const shortfall = coinShortfall(balance, pack.price);
  const cards = `${pack.packSize} ${pack.packSize === 1 ? 'card' : 'cards'}`;
  return (
    <ConfirmDialog
      open
      title={`Buy ${pack.name}?`}
      description={`${formatNumber(pack.price)} coins leave your balance now and ${cards} join your collection. A purchase cannot be undone.`}
      moves={[
        { label: 'You pay', value: <CoinAmount value={pack.price} /> },
        { label: 'You get', value: cards },
        ...(balance === undefined || shortfall > 0
          ? []
          : [{ label: 'Balance after', value: <CoinAmount value={balance - pack.price} /> }]),
      ]}
      confirmLabel={`Buy for ${formatNumber(pack.price)}`}
      confirmDisabled={shortfall > 0}
      onConfirm={() => onConfirm(pack)}
      onCancel={onCancel}
    >
      <CoinShortfall shortfall={shortfall} className="mt-3" />
    </ConfirmDialog>
  );
}
