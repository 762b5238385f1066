import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

import { figureMarkup, PlayerFigure } from '@/components/cards/art/PlayerFigure';
import { playerArt, type PlayerArt } from '@/components/cards/art/player-art';

import { teams } from './card-fixtures';

const SVG = 'http://www.w3.org/2000/svg';

function artOf(id: number, position: string): PlayerArt {
  return playerArt({ id, name: `Player ${id}`, position, team: teams[(id - 1) % teams.length]! })!;
}

describe('PlayerFigure', () => {
  it('draws the figure as SVG elements: limbs, shirt, number and head', () => {
    const art = artOf(7, 'Forward');
    const { container } = render(<PlayerFigure art={art} />);
    const svg = container.querySelector(`svg[data-pose="${art.pose.key}"]`)!;
    const limbs = svg.querySelectorAll('polyline');
    expect(limbs.length).toBeGreaterThan(20);
    for (const limb of limbs) expect(limb.namespaceURI).toBe(SVG);
    expect(svg.querySelector('text')).toHaveTextContent(String(art.number));
    // The shirt's pattern is clipped to the torso by the figure's own clip path.
    const clip = svg.querySelector('clipPath')!;
    expect(svg.querySelector('[clip-path]')).toHaveAttribute('clip-path', `url(#${clip.id})`);
  });

  it('writes every value into the markup as text, never as markup', () => {
    const art = artOf(3, 'Goalkeeper');
    const markup = figureMarkup(
      { ...art, kit: { ...art.kit, shirt: '"><script>alert(1)</script>', trim: '&' } },
      'clip',
    );
    expect(markup).not.toContain('<script');
    expect(markup).toContain('&quot;&gt;&lt;script&gt;');
    expect(markup).toContain('fill="&amp;"');
  });
});
