import { describe, expect, it } from 'vitest';
import { changesFor } from '../src/domain/changes';
import { draftsFor } from '../src/domain/drafts';
import { render } from '../src/domain/texts';

// Issue 43 item 7: a muted player is told, with the reason and the end, and their page reads the user again.
const t = new Date('2026-11-29T15:00:00Z');
const muted = (muted: boolean, reason: string, mutedUntil: string) => ({
  userId: 4,
  muted,
  actorUserId: 1,
  changedAt: '2026-11-29T15:00:00.000Z',
  reason,
  mutedUntil,
});

describe('a mute reaches the player', () => {
  it('as a warning notification with the reason and the end (UTC), and a live account change', () => {
    const [draft] = draftsFor(
      'identity.user.muted',
      muted(true, 'Insults in notes', '2026-11-30T15:00:00.000Z'),
      t,
    );
    expect(draft).toMatchObject({ userId: 4, kind: 'account.muted', type: 'warning', link: '/profile' });
    expect(render(draft!.kind, draft!.params, '')).toEqual({
      title: 'You are muted',
      message:
        'An admin muted you until Nov 30, 2026, 3:00 PM UTC. Reason: Insults in notes. Until then you cannot add notes to offers and wishes or change your username.',
    });
    expect(changesFor('identity.user.muted', muted(true, '', ''))).toEqual([
      { audience: 'LIVE_AUDIENCE_USER', userId: 4, account: { change: 'muted' } },
    ]);
  });

  it('a permanent mute without a reason says so; an unmute says the mute was lifted', () => {
    const [permanent] = draftsFor('identity.user.muted', muted(true, '', ''), t);
    expect(render(permanent!.kind, permanent!.params, '').message).toBe(
      'An admin muted you until further notice. Until then you cannot add notes to offers and wishes or change your username.',
    );
    const [lifted] = draftsFor('identity.user.muted', muted(false, '', ''), t);
    expect(lifted).toMatchObject({ kind: 'account.unmuted', type: 'info' });
    expect(render(lifted!.kind, lifted!.params, '').title).toBe('Your mute was lifted');
    expect(changesFor('identity.user.muted', muted(false, '', ''))[0]).toMatchObject({
      account: { change: 'unmuted' },
    });
  });
});
