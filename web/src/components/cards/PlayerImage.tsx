import { useState } from 'react';

import { LogoMark } from '@/components/Logo';
import { cn } from '@/lib/cn';

import type { Player } from '@touchline/contract';
import { playerImageKind } from '@/lib/cards';
import { PositionSilhouette } from '@/components/cards/PositionSilhouette';

export interface PlayerImageProps {
  player: Pick<Player, 'name' | 'position' | 'imageUrl'>;
  className?: string;
}

/**
 * The player's picture: the photo when there is one (the product logo if it fails to load), otherwise
 * the position silhouette picked by the spec's image fallback rule.
 */
export function PlayerImage({ player, className }: PlayerImageProps) {
  const [failed, setFailed] = useState(false);
  if (player.imageUrl && !failed) {
    return (
      <img
        src={player.imageUrl}
        // Decorative: every card face and row that shows the picture also shows the name as text.
        alt=""
        className={cn('object-cover', className)}
        onError={() => setFailed(true)}
      />
    );
  }
  if (player.imageUrl && failed) {
    return (
      <span data-image-kind="logo" className={cn('flex items-center justify-center', className)}>
        <LogoMark className="size-1/2" />
      </span>
    );
  }
  return <PositionSilhouette kind={playerImageKind(player.position)} className={className} />;
}
