import { Coins } from 'lucide-react';
import type { CSSProperties } from 'react';

import { cn } from '@/lib/cn';
import { formatNumber } from '@/lib/format';

import type { Player } from '@touchline/contract';
import { editionLabel, isLightColor, playerInitials, positionShort, rarityAbbreviation } from '@/lib/cards';
import { ClubLogo } from '@/components/cards/ClubCrest';
import { PlayerImage } from '@/components/cards/PlayerImage';
import { rarityStyle } from '@/components/cards/rarityStyles';

export interface PlayerCardProps {
  player: Player;
  editionNumber?: number | null;
  maxEditions?: number | null;
  /** 'full': the whole face with texts; 'art': colours, frame and picture only (thumbnails). */
  variant?: 'full' | 'art';
  className?: string;
}

/** Background of a card face in the club's colours. */
export function clubGradient(primary: string, secondary: string): CSSProperties {
  return {
    backgroundImage: `radial-gradient(120% 80% at 50% 0%, rgb(255 255 255 / 0.22), transparent 60%), linear-gradient(160deg, ${primary} 0%, ${primary} 42%, ${secondary} 100%)`,
  };
}

/**
 * A player card face drawn in the browser: club-colour background, rarity frame (Ultra Legendary is
 * holographic), position art with the player's initials behind it, name, position, price and edition.
 * Sizes itself to its width (container units), so the same face works from thumbnails to popups.
 */
export function PlayerCard({
  player,
  editionNumber,
  maxEditions,
  variant = 'full',
  className,
}: PlayerCardProps) {
  const style = rarityStyle(player.rarity);
  const { primaryColor, secondaryColor } = player.team;
  const lightKit = isLightColor(primaryColor);
  const edition = editionLabel(editionNumber, maxEditions);
  const full = variant === 'full';

  return (
    <div
      data-rarity={player.rarity}
      className={cn('@container w-full shrink-0 rounded-[8%/5.714%] shadow-lg shadow-black/40', className)}
    >
      <div className={cn('relative aspect-[5/7] w-full rounded-[8cqw] p-[2.6cqw]', style.frame)}>
        <div
          className="relative size-full overflow-hidden rounded-[6cqw] ring-1 ring-black/40"
          style={clubGradient(primaryColor, secondaryColor)}
        >
          <div aria-hidden className="card-stripes absolute inset-0" />
          {player.rarity === 'Ultra Legendary' && <div aria-hidden className="holo-sheen absolute inset-0" />}

          {/* Initials watermark behind the art. */}
          <span
            aria-hidden
            className={cn(
              'absolute inset-x-0 font-display leading-none font-black tracking-tighter italic select-none',
              full ? 'top-[9cqw] text-center text-[46cqw]' : 'top-[18cqw] text-center text-[52cqw]',
              lightKit ? 'text-slate-950/15' : 'text-white/15',
            )}
          >
            {playerInitials(player.name)}
          </span>

          <PlayerImage
            player={player}
            className={cn(
              'absolute left-1/2 -translate-x-1/2 drop-shadow-[0_2px_4px_rgb(0_0_0_/_0.45)]',
              full ? 'top-[14cqw] h-[56%] w-[80%]' : 'top-[14cqw] h-[66%] w-[86%]',
              lightKit ? 'text-slate-950/85' : 'text-white/90',
            )}
          />

          {full ? (
            <>
              {/* The corner chips abbreviate what the bottom block spells out for screen readers. */}
              <div
                aria-hidden
                className="absolute inset-x-[5cqw] top-[5cqw] flex items-start justify-between"
              >
                <div className="flex flex-col items-start gap-[1.5cqw]">
                  <span
                    className={cn(
                      'rounded-[2.5cqw] px-[2.5cqw] py-[0.5cqw] text-[max(7px,7cqw)] leading-tight font-black',
                      'bg-slate-950/75 text-white ring-1 ring-white/20',
                    )}
                  >
                    {rarityAbbreviation(player.rarity)}
                  </span>
                  <span
                    className={cn(
                      'font-display text-[max(7px,8cqw)] leading-none font-bold',
                      lightKit ? 'text-slate-950/80' : 'text-white/85',
                    )}
                  >
                    {positionShort(player)}
                  </span>
                </div>
                <ClubLogo team={player.team} className="h-[19cqw] w-[16cqw]" />
              </div>

              <div className="absolute inset-x-0 bottom-0 bg-linear-to-t from-slate-950 via-slate-950/90 to-transparent px-[6cqw] pt-[12cqw] pb-[5cqw]">
                <p className="font-display text-[max(8px,10.5cqw)] leading-[1.05] font-extrabold tracking-tight wrap-break-word text-white uppercase">
                  {player.name}
                  <span className="sr-only">,</span>
                </p>
                <p className="truncate text-[max(6px,6.2cqw)] leading-tight font-medium text-slate-300">
                  {player.position}
                  <span className="sr-only">{`, ${player.rarity},`}</span>
                </p>
                <div className="mt-[2cqw] flex flex-col items-start gap-[1.5cqw] @[8rem]:flex-row @[8rem]:items-center @[8rem]:justify-between @[8rem]:gap-[2cqw]">
                  <span className="flex min-w-0 items-center gap-[1.5cqw] text-[max(7px,7.5cqw)] leading-none font-bold text-amber-300">
                    <Coins aria-hidden className="size-[max(7px,7cqw)] shrink-0" />
                    <span className="truncate">
                      {formatNumber(player.currentPrice)}
                      <span className="sr-only"> coins</span>
                    </span>
                  </span>
                  {edition && (
                    <span className="shrink-0 text-[max(6px,5.8cqw)] leading-none font-semibold text-slate-400">
                      {edition}
                    </span>
                  )}
                </div>
              </div>
            </>
          ) : (
            <span
              aria-hidden
              className="absolute right-[6cqw] bottom-[5cqw] rounded-[3cqw] bg-slate-950/75 px-[3cqw] py-[1cqw] text-[max(6px,13cqw)] leading-tight font-black text-white"
            >
              {rarityAbbreviation(player.rarity)}
            </span>
          )}
        </div>
      </div>
    </div>
  );
}
