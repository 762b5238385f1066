import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { FLIP_DURATION_MS, FlipCard } from '@/components/cards/FlipCard';
import { PlayerCard } from '@/components/cards/PlayerCard';

import { players } from './card-fixtures';

function renderFlipCard(onReveal = vi.fn()) {
  render(<FlipCard rarity="Legendary" onReveal={onReveal} front={<PlayerCard player={players.alba} />} />);
  return { card: screen.getByRole('button'), onReveal };
}

describe('FlipCard', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it("shows the rarity on the back: '{rarity} Card' and 'Tap to reveal player'", () => {
    const { card } = renderFlipCard();
    expect(card).toHaveAttribute('data-state', 'hidden');
    expect(card).toHaveAttribute('aria-pressed', 'false');
    expect(screen.getByText('Legendary Card')).toBeInTheDocument();
    expect(screen.getByText('Tap to reveal player')).toBeInTheDocument();
    expect(card).toHaveAccessibleName(/Legendary Card/);
  });

  it('flips to the front on tap and fires the reveal callback once the 600 ms flip ends', () => {
    const { card, onReveal } = renderFlipCard();

    fireEvent.click(card);
    expect(card).toHaveAttribute('data-state', 'revealed');
    expect(card).toHaveAccessibleName(/Jordi Alba/);
    expect(onReveal).not.toHaveBeenCalled();

    act(() => vi.advanceTimersByTime(FLIP_DURATION_MS));
    expect(onReveal).toHaveBeenCalledTimes(1);
  });

  it('ignores taps during the 600 ms animation', () => {
    const { card, onReveal } = renderFlipCard();

    fireEvent.click(card);
    fireEvent.click(card);
    expect(card).toHaveAttribute('data-state', 'revealed');

    act(() => vi.advanceTimersByTime(FLIP_DURATION_MS - 1));
    fireEvent.click(card);
    expect(card).toHaveAttribute('data-state', 'revealed');
    expect(onReveal).not.toHaveBeenCalled();

    act(() => vi.advanceTimersByTime(1));
    expect(onReveal).toHaveBeenCalledTimes(1);

    // After the animation the card toggles back; flipping to the back does not fire the callback.
    fireEvent.click(card);
    expect(card).toHaveAttribute('data-state', 'hidden');
    fireEvent.click(card);
    expect(card).toHaveAttribute('data-state', 'hidden');
    act(() => vi.advanceTimersByTime(FLIP_DURATION_MS));
    expect(onReveal).toHaveBeenCalledTimes(1);
  });

  it('flips with the keyboard', () => {
    const { card } = renderFlipCard();
    fireEvent.keyDown(card, { key: 'Enter' });
    expect(card).toHaveAttribute('data-state', 'revealed');
  });
});
