import { useId, useState } from 'react';

import type { PlayerTeam } from '@touchline/contract';

import { isLightColor } from '@/lib/cards';
import { cn } from '@/lib/cn';

/** What the crest and the card background need of a club. */
export type ClubColors = Pick<PlayerTeam, 'name' | 'abbreviation' | 'primaryColor' | 'secondaryColor'> & {
  logoUrl?: string | null;
};

export interface ClubCrestProps {
  team: ClubColors;
  className?: string;
  /** Accessible name; decorative (hidden) when omitted. */
  label?: string;
}

/** A club crest drawn from the club's colours and abbreviation: shield, sash and lettering. */
export function ClubCrest({ team, className, label }: ClubCrestProps) {
  const clipId = useId();
  const primary = team.primaryColor || '#334155';
  const secondary = team.secondaryColor || '#0f172a';
  const ink = isLightColor(primary) ? '#0f172a' : '#ffffff';
  const letters = team.abbreviation || team.name.slice(0, 3).toUpperCase();
  const fontSize = letters.length >= 4 ? 9.5 : letters.length === 3 ? 11.5 : 14;
  const shield = 'M20 1.5 38 7.5V22c0 12-7.6 19.6-18 24.5C9.6 41.6 2 34 2 22V7.5Z';

  return (
    <svg
      viewBox="0 0 40 48"
      className={cn('shrink-0 drop-shadow', className ?? 'size-8')}
      role={label ? 'img' : undefined}
      aria-label={label}
      aria-hidden={label ? undefined : true}
    >
      <defs>
        <clipPath id={clipId}>
          <path d={shield} />
        </clipPath>
      </defs>
      <g clipPath={`url(#${clipId})`}>
        <rect width="40" height="48" fill={primary} />
        <path d="M0 33.5 20 40l20-6.5V39l-20 6.5L0 39Z" fill={secondary} opacity="0.9" />
        <rect width="40" height="14" fill="#ffffff" opacity="0.08" />
      </g>
      <path d={shield} fill="none" stroke={secondary} strokeWidth="2.5" />
      <path d={shield} fill="none" stroke="#ffffff" strokeOpacity="0.25" strokeWidth="0.8" />
      <text
        x="20"
        y="24.5"
        textAnchor="middle"
        dominantBaseline="middle"
        fontFamily="'Barlow Condensed', 'Arial Narrow', sans-serif"
        fontWeight="800"
        fontSize={fontSize}
        letterSpacing="0.3"
        fill={ink}
      >
        {letters}
      </text>
    </svg>
  );
}

/**
 * A club logo: the image when the club has one, else (and when it fails to load) the drawn crest, the
 * spec's default club logo.
 */
export function ClubLogo({ team, className, label }: ClubCrestProps) {
  const [failed, setFailed] = useState(false);
  if (team.logoUrl && !failed) {
    return (
      <img
        src={team.logoUrl}
        alt={label ?? ''}
        className={cn('shrink-0 object-contain', className ?? 'size-8')}
        onError={() => setFailed(true)}
      />
    );
  }
  return <ClubCrest team={team} className={className} label={label} />;
}
