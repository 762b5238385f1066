import { Coins } from 'lucide-react';
import { memo, type CSSProperties } from 'react';

import { cn } from '@/lib/cn';
import { formatNumber } from '@/lib/format';

import type { Player } from '@touchline/contract';
import { editionLabel, isLightColor, rarityAbbreviation } from '@/lib/cards';
import { positionShort } from '@/lib/positions';
import { backdropStyle } from '@/components/cards/art/backdrop';
import { playerArt } from '@/components/cards/art/player-art';
import { TeamLogo } from '@/components/cards/TeamCrest';
import { rarityFinish } from '@/components/cards/finish/rarity-finish';
import { useFoilPointer } from '@/components/cards/finish/use-foil-pointer';
import { PlayerImage } from '@/components/cards/PlayerImage';

export interface PlayerCardProps {
  player: Player;
  editionNumber?: number | null;
  maxEditions?: number | null;
  /** 'full': the whole face with texts; 'art': colours, frame and picture only (thumbnails). */
  variant?: 'full' | 'art';
  className?: string;
}

const GROUND_FULL = { '--ground-rim': '2cqw', '--ground-glow': '12cqw' };
const GROUND_ART = { '--ground-rim': '5cqw', '--ground-glow': '18cqw' };

/**
 * A player card face drawn in the browser: the team's backdrop, the player's figure in the team's kit
 * (art/) with the shirt number behind it, the rarity's finish (finish/: frame, ground, foil, shine), name,
 * position, price and edition. Sizes itself to its width (container units), so the same face works
 * from thumbnails to popups. Memoised: a list that renders again around players whose answers did not
 * change draws none of their faces again (a query keeps an unchanged player the same object).
 */
export const PlayerCard = memo(function PlayerCard({
  player,
  editionNumber,
  maxEditions,
  variant = 'full',
  className,
}: PlayerCardProps) {
  const full = variant === 'full';
  const finish = rarityFinish(player.rarity);
  // A thumbnail (a row's 40-px picture) keeps its frame and shine but no foil: a blended layer a
  // fifth larger than the face, with a scroll timeline, that would not show at that size and cost
  // every row of a list its layout and paint (most of the home page's, on a phone profile).
  const foil = full && finish.foil;
  const { shine } = finish;
  const art = playerArt(player);
  const foilRef = useFoilPointer<HTMLDivElement>(foil);
  const lightKit = isLightColor(player.team.primaryColor);
  const edition = editionLabel(editionNumber, maxEditions);
  // Legendary shines do not all cross at once in a grid.
  const shineDelay = { '--shine-delay': `${-(player.id % 5)}s` } as CSSProperties;
  // The rarity's rim and glow inside the frame: wider, relative to the face, on a thumbnail, where
  // the frame alone would be a pixel or two (index.css, .card-ground).
  const ground = (full ? GROUND_FULL : GROUND_ART) as CSSProperties;

  return (
    <div
      ref={foilRef}
      data-rarity={player.rarity}
      data-finish={finish.name}
      className={cn(
        '@container w-full shrink-0 rounded-[8%/5.714%] shadow-lg shadow-black/40',
        foil && 'card-tilt',
        className,
      )}
    >
      <div
        className={cn(
          'relative aspect-[5/7] w-full rounded-[8cqw]',
          full ? 'p-[2.6cqw]' : 'p-[6cqw]',
          finish.frame,
        )}
      >
        <div
          className="relative size-full overflow-hidden rounded-[6cqw] ring-1 ring-black/40"
          style={backdropStyle(player.team)}
        >
          {/* The foil lies on the backdrop, under the number and the figure, which stay crisp. */}
          {foil && <div aria-hidden data-foil={finish.name} className="card-foil" />}
          {finish.name !== 'plain' && (
            <div aria-hidden data-ground={finish.name} className="card-ground" style={ground} />
          )}

          {/* The shirt number, big, behind the figure. */}
          {art && (
            <span
              aria-hidden
              className={cn(
                'absolute inset-x-0 text-center font-display leading-none font-black tracking-tighter italic select-none',
                full ? 'top-[7cqw] text-[50cqw]' : 'top-[12cqw] text-[58cqw]',
                lightKit ? 'text-slate-950/20' : 'text-white/20',
              )}
            >
              {art.number}
            </span>
          )}

          <PlayerImage
            player={player}
            art={art}
            className={cn(
              'absolute left-1/2 -translate-x-1/2 drop-shadow-[0_2px_3px_rgb(0_0_0_/_0.4)]',
              full ? 'top-[9cqw] h-[64%] w-[92%]' : 'top-[6cqw] h-[80%] w-[100%]',
              lightKit ? 'text-slate-950/85' : 'text-white/90',
            )}
          />

          {shine && <div aria-hidden data-shine className="card-shine" style={shineDelay} />}

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
                <TeamLogo team={player.team} className="h-[19cqw] w-[16cqw]" />
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
});
