import { useId } from 'react';

import type { PlayerTeam } from '@touchline/contract';

import { ImageOr } from '@/components/ui/ImageOr';
import { cn } from '@/lib/cn';

import { teamCrest, type CrestEmblem, type CrestField, type CrestShape } from './crest/team-crest';

/** What the crest and the card background need of a team. */
export type TeamColors = Pick<
  PlayerTeam,
  'id' | 'name' | 'abbreviation' | 'primaryColor' | 'secondaryColor'
> & {
  logoUrl?: string | null;
};

export interface TeamCrestProps {
  team: TeamColors;
  className?: string;
  /** Accessible name; decorative (hidden) when omitted. */
  label?: string;
}

/** Outlines on a 40×48 canvas. */
const SHAPES: Record<CrestShape, string> = {
  heater: 'M20 1.5 38 7.5V22c0 12-7.6 19.6-18 24.5C9.6 41.6 2 34 2 22V7.5Z',
  roundel: 'M20 5a19 19 0 1 1 0 38 19 19 0 1 1 0-38Z',
  french: 'M3 3H37V28Q37 40 20 46 3 40 3 28Z',
  pointed: 'M20 1.5 37.5 9V27L20 46.5 2.5 27V9Z',
  octagon: 'M13 2.5H27L37.5 13V35L27 45.5H13L2.5 35V13Z',
  banner: 'M3 3H37V37L20 46.5 3 37Z',
};

/** The field's division, in the secondary colour. */
const FIELDS: Record<CrestField, string> = {
  bend: 'M-2 7 7-2 46 39 37 50Z',
  pale: 'M20 0H40V48H20Z',
  chevron: 'M0 34 20 20 40 34V43L20 29 0 43Z',
  fess: 'M0 16.5H40V31.5H0Z',
  paly: 'M5 0h5v48H5ZM17.5 0h5v48h-5ZM30 0h5v48h-5Z',
};

/** A five-pointed star's outline. */
function star(cx: number, cy: number, r: number): string {
  const corners = Array.from({ length: 10 }, (_, k) => {
    const angle = ((-90 + k * 36) * Math.PI) / 180;
    const radius = k % 2 === 0 ? r : r * 0.42;
    return `${(cx + Math.cos(angle) * radius).toFixed(2)} ${(cy + Math.sin(angle) * radius).toFixed(2)}`;
  });
  return `M${corners.join('L')}Z`;
}

function Emblem({ emblem, fill }: { emblem: CrestEmblem; fill: string }) {
  switch (emblem) {
    case 'star':
      return <path d={star(20, 10.5, 3.6)} fill={fill} />;
    case 'stars':
      return <path d={star(13.5, 11, 2.4) + star(20, 9.5, 2.4) + star(26.5, 11, 2.4)} fill={fill} />;
    case 'ball':
      return <circle cx="20" cy="37.5" r="3" fill="none" stroke={fill} strokeWidth="1.4" />;
    case 'none':
      return null;
  }
}

/**
 * A team crest drawn from the team (no logos ship): its own outline, a field divided in its colours,
 * a small emblem and its initials. Each of the 30 teams has a different outline-and-field pair.
 */
export function TeamCrest({ team, className, label }: TeamCrestProps) {
  const clipId = useId();
  const crest = teamCrest(team);
  const shape = SHAPES[crest.shape];
  const letters = crest.initials;
  const fontSize = letters.length >= 4 ? 9.5 : letters.length === 3 ? 11.5 : 14;

  return (
    <svg
      viewBox="0 0 40 48"
      className={cn('shrink-0 drop-shadow', className ?? 'size-8')}
      role={label ? 'img' : undefined}
      aria-label={label}
      aria-hidden={label ? undefined : true}
      data-crest={`${crest.shape} ${crest.field}`}
    >
      <defs>
        <clipPath id={clipId}>
          <path d={shape} />
        </clipPath>
      </defs>
      <g clipPath={`url(#${clipId})`}>
        <rect width="40" height="48" fill={crest.primary} />
        <path d={FIELDS[crest.field]} fill={crest.secondary} />
        <rect width="40" height="16" fill="#ffffff" opacity="0.1" />
      </g>
      <path d={shape} fill="none" stroke={crest.secondary} strokeWidth="2.6" />
      <path d={shape} fill="none" stroke="#ffffff" strokeOpacity="0.45" strokeWidth="0.8" />
      <Emblem emblem={crest.emblem} fill={crest.ink} />
      <text
        x="20"
        y="24.5"
        textAnchor="middle"
        dominantBaseline="middle"
        fontFamily="'Barlow Condensed', 'Arial Narrow', sans-serif"
        fontWeight="800"
        fontSize={fontSize}
        letterSpacing="0.3"
        fill={crest.ink}
        stroke={crest.ink === '#f8fafc' ? '#0f172a' : '#f8fafc'}
        strokeOpacity="0.55"
        strokeWidth="1.2"
        paintOrder="stroke"
      >
        {letters}
      </text>
    </svg>
  );
}

/**
 * A team logo: the image when the team has one, else (and when it fails to load) the drawn crest, the
 * spec's default club logo.
 */
export function TeamLogo({ team, className, label }: TeamCrestProps) {
  return (
    <ImageOr
      src={team.logoUrl}
      alt={label ?? ''}
      className={cn('shrink-0 object-contain', className ?? 'size-8')}
      fallback={<TeamCrest team={team} className={className} label={label} />}
    />
  );
}
