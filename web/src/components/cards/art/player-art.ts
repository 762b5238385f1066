import type { Player } from '@touchline/contract';

import { playerImageKind } from '@/lib/cards';

import { teamBackdrop, teamKit, keeperKit, type Backdrop, type TeamLook, type Kit } from './team-style';
import { POSES, type NamedPose, type PoseGroup } from './poses';

/** What the art is drawn from: the player's id, name and position, and the team. */
export type ArtPlayer = Pick<Player, 'id' | 'name' | 'position'> & { team: TeamLook };

export const HAIR_STYLES = [
  'crop',
  'buzz',
  'afro',
  'bun',
  'mohawk',
  'long',
  'curls',
  'band',
  'bald',
] as const;
export type HairStyle = (typeof HAIR_STYLES)[number];

const BOOTS = ['#f8fafc', '#facc15', '#f97316', '#22d3ee', '#ec4899', '#a3e635', '#111827', '#ef4444'];

/**
 * Shirt numbers by position, the pools disjoint so that no two players of a team share one. A pool is
 * at least as long as the seed's largest group of one team and position (5 keepers, 12 defenders,
 * 14 midfielders, 11 forwards), and a group's ids are consecutive, so its numbers all differ.
 */
const NUMBERS: Record<PoseGroup, readonly number[]> = {
  goalkeeper: [1, 12, 13, 18, 23, 30, 31, 40, 41, 99],
  defender: [2, 3, 4, 5, 15, 16, 22, 24, 25, 26, 27, 28, 32, 33, 34, 35, 44, 50],
  midfielder: [6, 8, 10, 14, 17, 19, 20, 21, 36, 37, 38, 42, 45, 47, 55, 66],
  forward: [7, 9, 11, 29, 39, 43, 49, 70, 77, 88, 90, 91, 97, 98],
};

export interface PlayerArt {
  group: PoseGroup;
  pose: NamedPose;
  /** Facing left instead of right. */
  mirrored: boolean;
  number: number;
  hair: HairStyle;
  boots: string;
  kit: Kit;
  backdrop: Backdrop;
}

/** FNV-1a: a stable 32-bit hash of a text. */
export function hashText(text: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return hash >>> 0;
}

const mod = (value: number, n: number) => ((value % n) + n) % n;

/**
 * The parameters of a player's card art: a pure function of the player. The seed lists each team's
 * players by position, so the ids of a team's keepers (or defenders…) are consecutive: the pose steps
 * with the id (a group larger than its pose set wraps round mirrored), and so does the shirt number.
 * Two players of one team and position therefore never share a pose, nor two of a team a number.
 * Hair and boots come from the name. Null for a position the spec's image rule gives the logo.
 */
export function playerArt(player: ArtPlayer): PlayerArt | null {
  const group = playerImageKind(player.position);
  if (group === 'logo') return null;
  const poses = POSES[group];
  // The team shifts where its run starts, so two teams' keepers do not line up pose for pose.
  const turn = player.id + player.team.id * 5;
  const hash = hashText(player.name);
  const numbers = NUMBERS[group];
  return {
    group,
    pose: poses[mod(turn, poses.length)]!,
    mirrored: mod(Math.floor(turn / poses.length) + player.team.id, 2) === 1,
    number: numbers[mod(player.id + player.team.id * 7, numbers.length)]!,
    hair: HAIR_STYLES[hash % HAIR_STYLES.length]!,
    boots: BOOTS[(hash >>> 8) % BOOTS.length]!,
    kit: group === 'goalkeeper' ? keeperKit(player.team) : teamKit(player.team),
    backdrop: teamBackdrop(player.team),
  };
}
