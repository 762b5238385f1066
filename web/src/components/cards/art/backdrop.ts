import type { CSSProperties } from 'react';

import { teamAngle, teamBackdrop, type TeamLook } from './team-style';

const LIGHT = 'rgb(255 255 255 / 0.11)';
const SHADE = 'rgb(0 0 0 / 0.22)';

/** The treatment's layers over the team colours; `a` is the team's angle. */
function treatment(team: TeamLook, a: number): string {
  switch (teamBackdrop(team)) {
    case 'rays':
      return `repeating-conic-gradient(from ${a}deg at 50% 40%, ${LIGHT} 0 7deg, transparent 7deg 14deg)`;
    case 'bands':
      return `repeating-linear-gradient(${a}deg, ${LIGHT} 0 9%, transparent 9% 18%)`;
    case 'rings':
      return `repeating-radial-gradient(circle at 50% 40%, ${LIGHT} 0 3.5%, transparent 3.5% 8%)`;
    case 'dots':
      return `radial-gradient(rgb(255 255 255 / 0.2) 24%, transparent 28%) 0 0 / 10% 7.14%`;
    case 'chevrons':
      return `linear-gradient(${a + 90}deg, ${LIGHT} 25%, transparent 25%) 0 0 / 16% 11.4%, linear-gradient(${a - 90}deg, ${LIGHT} 25%, transparent 25%) 0 0 / 16% 11.4%`;
    case 'pitch':
      return `radial-gradient(ellipse 34% 24.3% at 50% 44%, transparent 88%, rgb(255 255 255 / 0.18) 89% 95%, transparent 96%), linear-gradient(transparent 43.4%, rgb(255 255 255 / 0.18) 43.4% 44.6%, transparent 44.6%)`;
    case 'split':
      return `linear-gradient(${a}deg, transparent 49.4%, rgb(255 255 255 / 0.22) 49.4% 50.6%, ${SHADE} 50.6%)`;
    case 'grid':
      return `repeating-linear-gradient(0deg, ${LIGHT} 0 1.2%, transparent 1.2% 9%), repeating-linear-gradient(90deg, ${LIGHT} 0 1.6%, transparent 1.6% 12.5%)`;
    case 'floodlights':
      return `repeating-conic-gradient(from 160deg at ${30 + (a % 40)}% -12%, rgb(255 255 255 / 0.16) 0 4deg, transparent 4deg 13deg)`;
    case 'waves':
      return `repeating-radial-gradient(ellipse 140% 60% at 50% 120%, ${LIGHT} 0 3%, transparent 3% 7%)`;
  }
}

/**
 * The card face's background: the team's colours, its treatment (rays, bands, a pitch…) in the team's
 * angle, a light from above and a shade at the foot for the name. Static gradients: painted once.
 */
export function backdropStyle(team: TeamLook): CSSProperties {
  const a = teamAngle(team);
  const base = `linear-gradient(${150 + (a % 30)}deg, ${team.primaryColor} 0%, ${team.primaryColor} 45%, ${team.secondaryColor} 100%)`;
  return {
    background: [
      'radial-gradient(120% 70% at 50% 0%, rgb(255 255 255 / 0.2), transparent 60%)',
      treatment(team, a),
      base,
    ].join(', '),
  };
}
