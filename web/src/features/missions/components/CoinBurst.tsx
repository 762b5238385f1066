import { Coins } from 'lucide-react';

import { coinBurstCount } from '../utils';

/** The coins that float up after a successful claim; the screen removes it after COIN_BURST_MS. */
export function CoinBurst({ reward }: { reward: number }) {
  const count = coinBurstCount(reward);
  return (
    <div
      data-testid="coin-burst"
      aria-hidden
      className="pointer-events-none fixed inset-x-0 bottom-32 z-50 mx-auto flex max-w-md justify-center gap-3"
    >
      {Array.from({ length: count }, (_, i) => (
        <Coins
          key={i}
          data-testid="floating-coin"
          className="size-7 animate-coin-float text-amber-300 drop-shadow-[0_0_6px_rgba(251,191,36,0.6)]"
        />
      ))}
    </div>
  );
}
