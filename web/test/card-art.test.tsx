import { act, fireEvent, render } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';

import type { Rarity } from '@touchline/contract';
import { teamBackdrop, teamKit } from '@/components/cards/art/team-style';
import { playerArt, type ArtPlayer } from '@/components/cards/art/player-art';
import { POSES } from '@/components/cards/art/poses';
import { TeamCrest } from '@/components/cards/TeamCrest';
import { teamCrest } from '@/components/cards/crest/team-crest';
import { PlayerCard } from '@/components/cards/PlayerCard';

import seedTeams from '../../services/cards-market/src/db/seed/teams.json';
import seedPlayersJson from '../../services/cards-market/src/db/seed/players.json';
import { makePlayer, teams } from './card-fixtures';

/** The seed as cards-market's first migration loads it: ids by file order (001_catalog.ts). */
const seedPlayers = seedPlayersJson.map((p, index): ArtPlayer => ({
  id: index + 1,
  name: p.name,
  position: p.position,
  team: seedTeams.find((team) => team.id === p.teamId)!,
}));

const arts = seedPlayers.map((player) => ({ player, art: playerArt(player)! }));

/** Groups of a list by a key. */
function groupBy<T>(items: T[], key: (item: T) => string): T[][] {
  const groups = new Map<string, T[]>();
  for (const item of items) groups.set(key(item), [...(groups.get(key(item)) ?? []), item]);
  return [...groups.values()];
}

describe('player art over the seed data', () => {
  it('draws every one of the 858 players (no seed position falls back to the logo)', () => {
    expect(seedPlayers).toHaveLength(858);
    expect(arts.filter(({ art }) => art === null)).toEqual([]);
  });

  it('gives no two players the same art parameters (name aside)', () => {
    const keys = arts.map(({ art }) =>
      JSON.stringify([art.pose.key, art.mirrored, art.number, art.hair, art.boots, art.kit, art.backdrop]),
    );
    expect(new Set(keys).size).toBe(seedPlayers.length);
  });

  it('never gives two players of one team and position the same pose', () => {
    const clashes = groupBy(arts, ({ player }) => `${player.team.id} ${player.position}`).filter(
      (group) => new Set(group.map(({ art }) => art.pose.key)).size !== group.length,
    );
    expect(clashes.map((group) => group.map(({ player }) => player.name))).toEqual([]);
  });

  it('never gives two players of one team the same shirt number', () => {
    const clashes = groupBy(arts, ({ player }) => String(player.team.id)).filter(
      (group) => new Set(group.map(({ art }) => art.number)).size !== group.length,
    );
    expect(clashes.map((group) => group[0]!.player.team.id)).toEqual([]);
  });

  it('has at least 12 distinct poses per position group, keepers keeping their own', () => {
    for (const poses of Object.values(POSES)) {
      expect(poses.length).toBeGreaterThanOrEqual(12);
      expect(new Set(poses.map((pose) => pose.key)).size).toBe(poses.length);
    }
    const keeperPoses = new Set(POSES.goalkeeper.map((pose) => pose.key));
    expect(POSES.forward.filter((pose) => keeperPoses.has(pose.key))).toEqual([]);
    // Every pose of the sets is used by some player.
    const used = new Set(arts.map(({ art }) => `${art.group} ${art.pose.key}`));
    for (const [group, poses] of Object.entries(POSES)) {
      for (const pose of poses) expect(used).toContain(`${group} ${pose.key}`);
    }
  });

  it('dresses keepers apart from their outfield players and gives each team its own kit and backdrop', () => {
    for (const { player, art } of arts) {
      if (art.group === 'goalkeeper') expect(art.kit.shirt).not.toBe(player.team.primaryColor);
      else expect(art.kit).toEqual(teamKit(player.team));
    }
    const looks = seedTeams.map((team) => `${teamKit(team).pattern} ${teamBackdrop(team)}`);
    expect(new Set(looks).size).toBe(30);
  });

  it('is a pure function of the player', () => {
    const player = seedPlayers[400]!;
    expect(playerArt({ ...player, team: { ...player.team } })).toEqual(playerArt(player));
    expect(playerArt({ ...player, position: 'Coach' })).toBeNull();
  });
});

describe('team crests', () => {
  it('gives each of the 30 teams its own shape and field, and draws them all differently', () => {
    const crests = seedTeams.map(teamCrest);
    expect(new Set(crests.map((crest) => `${crest.shape} ${crest.field}`)).size).toBe(30);
    const drawn = seedTeams.map((team) => {
      const { container, unmount } = render(<TeamCrest team={team} />);
      // The clip path's id differs per instance anyway: compare the drawing without it.
      const markup = container.innerHTML.replace(/clip-path="url\([^)]*\)"|id="[^"]*"/g, '');
      unmount();
      return markup;
    });
    expect(new Set(drawn).size).toBe(30);
  });

  it('names a crest when labelled and hides it otherwise', () => {
    const { getByRole, container } = render(
      <>
        <TeamCrest team={teams[0]!} label="Atlanta United FC" />
        <TeamCrest team={teams[1]!} />
      </>,
    );
    expect(getByRole('img', { name: 'Atlanta United FC' })).toHaveTextContent('ATL');
    expect(container.querySelectorAll('svg[aria-hidden="true"]')).toHaveLength(1);
  });
});

describe('rarity finishes on the card face', () => {
  const card = (rarity: Rarity, variant: 'full' | 'art' = 'full') => {
    const player = makePlayer({
      id: 40,
      name: 'Test Player',
      teamId: 9,
      position: 'Midfielder',
      rarity,
      price: 900,
    });
    const { container } = render(
      <PlayerCard player={player} editionNumber={2} maxEditions={50} variant={variant} />,
    );
    return container.querySelector<HTMLElement>('[data-rarity]')!;
  };

  it("keeps a thumbnail's frame and shine but no foil or tilt (they would not show at 40 px)", () => {
    const epic = card('Epic', 'art');
    expect(epic).toHaveAttribute('data-finish', 'foil');
    expect(epic.querySelector('.frame-epic')).not.toBeNull();
    expect(epic.querySelector('.card-foil')).toBeNull();
    expect(epic).not.toHaveClass('card-tilt');
    const ultra = card('Ultra Legendary', 'art');
    expect(ultra.querySelector('.holo-frame.frame-prism')).not.toBeNull();
    expect(ultra.querySelector('.card-shine')).not.toBeNull();
    expect(ultra.querySelector('.card-foil')).toBeNull();
  });

  it('keeps Common plain and gives Rare a metal edge, neither with foil or shine', () => {
    for (const [rarity, finish, frame] of [
      ['Common', 'plain', 'frame-plain'],
      ['Rare', 'metal', 'frame-metal'],
    ] as const) {
      const face = card(rarity);
      expect(face).toHaveAttribute('data-finish', finish);
      expect(face.querySelector(`.${frame}`)).not.toBeNull();
      expect(face.querySelector('.card-foil')).toBeNull();
      expect(face.querySelector('.card-shine')).toBeNull();
      expect(face).not.toHaveClass('card-tilt');
    }
  });

  it('gives Epic a foil that tilts with the card, and no shine', () => {
    const face = card('Epic');
    expect(face).toHaveAttribute('data-finish', 'foil');
    expect(face).toHaveClass('card-tilt');
    expect(face.querySelector('.frame-epic')).not.toBeNull();
    expect(face.querySelector('.card-foil')).toHaveAttribute('data-foil', 'foil');
    expect(face.querySelector('.card-shine')).toBeNull();
  });

  it('gives Legendary and Ultra Legendary foil, an animated shine and frames of their own', () => {
    const legendary = card('Legendary');
    expect(legendary).toHaveAttribute('data-finish', 'gold');
    expect(legendary.querySelector('.frame-gold')).not.toBeNull();
    expect(legendary.querySelector('.card-foil')).toHaveAttribute('data-foil', 'gold');
    expect(legendary.querySelector('.card-shine')).not.toBeNull();

    const ultra = card('Ultra Legendary');
    expect(ultra).toHaveAttribute('data-finish', 'prism');
    expect(ultra.querySelector('.holo-frame.frame-prism')).not.toBeNull();
    expect(ultra.querySelector('.card-foil')).toHaveAttribute('data-foil', 'prism');
    expect(ultra.querySelector('.card-shine')).not.toBeNull();
  });

  it('points the foil at the pointer once per frame, and back to the centre when it leaves', () => {
    // Frames on demand: the test says when one is drawn, and sees how many were asked for.
    const frames: FrameRequestCallback[] = [];
    vi.stubGlobal('requestAnimationFrame', (callback: FrameRequestCallback) => frames.push(callback));
    const drawFrame = () => act(() => frames.splice(0).forEach((callback) => callback(0)));
    const face = card('Epic');
    face.getBoundingClientRect = () => ({ left: 0, top: 0, width: 100, height: 140 }) as DOMRect;
    fireEvent.pointerEnter(face);
    fireEvent.pointerMove(face, { clientX: 75, clientY: 35 });
    fireEvent.pointerMove(face, { clientX: 100, clientY: 0 });
    expect(face.style.getPropertyValue('--foil-x')).toBe('');
    expect(frames).toHaveLength(1);
    drawFrame();
    expect(face.style.getPropertyValue('--foil-x')).toBe('1.000');
    expect(face.style.getPropertyValue('--foil-y')).toBe('-1.000');
    fireEvent.pointerLeave(face);
    drawFrame();
    expect(face.style.getPropertyValue('--foil-x')).toBe('0.000');
  });

  it('draws the figure and the shirt number on the face', () => {
    const face = card('Common');
    const figure = face.querySelector('svg[data-pose]');
    expect(figure).toHaveAttribute('data-image-kind', 'midfielder');
    const art = playerArt(
      makePlayer({
        id: 40,
        name: 'Test Player',
        teamId: 9,
        position: 'Midfielder',
        rarity: 'Common',
        price: 1,
      }),
    )!;
    expect(figure).toHaveAttribute('data-pose', art.pose.key);
    expect(figure).toHaveTextContent(String(art.number));
  });
});
