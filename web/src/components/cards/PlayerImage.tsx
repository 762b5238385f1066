import { LogoMark } from '@/components/Logo';
import { ImageOr } from '@/components/ui/ImageOr';
import { cn } from '@/lib/cn';

import type { Player } from '@touchline/contract';
import { PlayerFigure } from '@/components/cards/art/PlayerFigure';
import type { PlayerArt } from '@/components/cards/art/player-art';

export interface PlayerImageProps {
  player: Pick<Player, 'imageUrl'>;
  /** The drawn art (art/player-art.ts); null for a position the spec gives the product logo. */
  art: PlayerArt | null;
  className?: string;
}

function Logo({ className }: { className?: string }) {
  return (
    <span data-image-kind="logo" className={cn('flex items-center justify-center', className)}>
      <LogoMark className="size-1/2 opacity-90" />
    </span>
  );
}

/**
 * The player's picture: the photo when there is one (the product logo if it fails to load), otherwise
 * the drawn figure, or the product logo for a position the spec's image fallback rule does not know.
 */
export function PlayerImage({ player, art, className }: PlayerImageProps) {
  return (
    <ImageOr
      src={player.imageUrl}
      // Decorative: every card face and row that shows the picture also shows the name as text.
      alt=""
      className={cn('object-cover', className)}
      fallback={
        player.imageUrl || !art ? (
          <Logo className={className} />
        ) : (
          <PlayerFigure art={art} className={className} />
        )
      }
    />
  );
}
