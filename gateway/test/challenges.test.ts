import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectError } from './support';
import { startEveryService, type EveryService, type Player } from './every-service';

let h: EveryService;
let admin: Player;

beforeAll(async () => {
  h = await startEveryService();
  admin = await h.admin('challenges.admin');
});
afterAll(async () => {
  await h?.stop();
});

const ANY_ONE = { title: 'Any one card', cardCount: 1, rewardCoins: 900 };
const ANY_ONE_DESCRIBED = { ...ANY_ONE, description: 'Give any card.' };

describe('squad challenges through the gateway', () => {
  it('lets an admin create one, a player complete it once, and refuses bad input with 4xx', async () => {
    const created = await admin.agent
      .post('/api/admin/challenges')
      .set('Idempotency-Key', 'create-any-one')
      .send(ANY_ONE_DESCRIBED);
    expect(created.status, created.text).toBe(200);
    expect(created.body).toMatchObject({
      title: 'Any one card',
      state: 'open',
      position: null,
      endsAt: null,
    });
    const id = (created.body as { id: number }).id;
    // The same key answers the same challenge.
    const again = await admin.agent
      .post('/api/admin/challenges')
      .set('Idempotency-Key', 'create-any-one')
      .send(ANY_ONE_DESCRIBED);
    expect((again.body as { id: number }).id).toBe(id);

    const p = await h.player('challenges.p');
    const before = Number((await h.peers.wallet.GetBalance({ userId: p.id })).coins);
    const list = await p.agent.get('/api/challenges');
    expect(list.status).toBe(200);
    expect((list.body as { items: { id: number }[] }).items.map((c) => c.id)).toContain(id);
    const one = await p.agent.get(`/api/challenges/${id}`);
    expect(one.body).toMatchObject({ id, cardCount: 1, rewardCoins: 900, submission: null });

    const [card, other] = (await h.cardsOf(p.id)).map((c) => c.id);
    expectError(await p.agent.post(`/api/challenges/${id}/submissions`).send({ cardIds: [] }), 400);
    expectError(await p.agent.post(`/api/challenges/${id}/submissions`).send({ cardIds: ['x'] }), 400);
    expectError(await p.agent.post(`/api/challenges/${id}/submissions`).send({ cards: [card] }), 400);
    expectError(await p.agent.post(`/api/challenges/abc/submissions`).send({ cardIds: [card] }), 400);
    expectError(await p.agent.get('/api/challenges/0'), 400);
    expectError(await p.agent.get('/api/challenges/99999999'), 404, 'Challenge not found');
    expectError(
      await p.agent.post(`/api/challenges/${id}/submissions`).send({ cardIds: [card, other] }),
      422,
      'The squad needs exactly 1 card',
    );
    const adminCard = (await h.cardsOf(admin.id))[0]!.id;
    expectError(
      await p.agent.post(`/api/challenges/${id}/submissions`).send({ cardIds: [adminCard] }),
      403,
      'You can only submit your own cards',
    );

    const done = await p.agent
      .post(`/api/challenges/${id}/submissions`)
      .set('Idempotency-Key', 'submit-1')
      .send({ cardIds: [card] });
    expect(done.status, done.text).toBe(200);
    expect(done.body).toMatchObject({
      submission: { cardIds: [card], rewardCoins: 900, rewardStatus: 'paid' },
      challenge: { completions: 1, submission: { cardIds: [card] } },
    });
    const retry = await p.agent
      .post(`/api/challenges/${id}/submissions`)
      .set('Idempotency-Key', 'submit-1')
      .send({ cardIds: [card] });
    expect(retry.status).toBe(200);
    expectError(
      await p.agent.post(`/api/challenges/${id}/submissions`).send({ cardIds: [other] }),
      409,
      'You have already completed this challenge',
    );
    expect(Number((await h.peers.wallet.GetBalance({ userId: p.id })).coins)).toBe(before + 900);
    expect((await h.cardsOf(p.id)).map((c) => c.id)).not.toContain(card);
  });

  it('gives a reward pack: an admin picks a shop pack, the player reveals it like a bought one', async () => {
    const forPack = { title: 'One for a Rare Pack', cardCount: 1, rewardCoins: 0, rewardPackId: 2 };
    expectError(
      await admin.agent.post('/api/admin/challenges').send({ ...forPack, rewardPackId: 99 }),
      400,
      "Reward pack must be one of the shop's packs",
    );
    expectError(
      await admin.agent.post('/api/admin/challenges').send({ ...forPack, rewardPackId: null }),
      400,
      'A challenge needs a coin reward or a reward pack',
    );
    const created = await admin.agent.post('/api/admin/challenges').send(forPack);
    expect(created.status, created.text).toBe(200);
    expect(created.body).toMatchObject({ rewardCoins: 0, rewardPackId: 2, rewardPackName: 'Rare Pack' });
    const id = (created.body as { id: number }).id;
    // The audit log keeps the pack: asked for in the request, named in the outcome.
    const log = await admin.agent.get('/api/admin/audit-log?action=challenges.create');
    const entry = (log.body as { items: { outcome: string; details: unknown; after: unknown }[] }).items.find(
      (e) => e.outcome === 'ok' && (e.after as { id?: number }).id === id,
    );
    expect(entry).toMatchObject({ details: { rewardPackId: 2 }, after: { rewardPack: 'Rare Pack' } });

    const p = await h.player('challenges.pack');
    const before = Number((await h.peers.wallet.GetBalance({ userId: p.id })).coins);
    const [card] = (await h.cardsOf(p.id)).map((c) => c.id);
    const done = await p.agent.post(`/api/challenges/${id}/submissions`).send({ cardIds: [card] });
    expect(done.status, done.text).toBe(200);
    const submission = (done.body as { submission: { id: number; packCardIds: number[] } }).submission;
    expect(submission).toMatchObject({ rewardPackId: 2, rewardCoins: 0, rewardStatus: 'paid' });
    expect(submission.packCardIds).toHaveLength(4);
    expect(Number((await h.peers.wallet.GetBalance({ userId: p.id })).coins)).toBe(before);
    // The pack's cards are the player's, waiting as an unopened pack until revealed.
    const mine = (await h.cardsOf(p.id)).map((c) => Number(c.id));
    expect(mine).toEqual(expect.arrayContaining(submission.packCardIds));
    const unopened = await p.agent.get('/api/packs/unopened');
    expect(unopened.body).toEqual([
      expect.objectContaining({ purchaseId: `challenge-reward:${submission.id}`, packName: 'Rare Pack' }),
    ]);
    const pack = (unopened.body as { purchaseId: string; cards: { id: number }[] }[])[0]!;
    expect(pack.cards.map((c) => c.id)).toEqual(submission.packCardIds);
    const revealed = await p.agent.post('/api/packs/revealed').send({ purchaseId: pack.purchaseId });
    expect(revealed.status, revealed.text).toBe(200);
    expect((await p.agent.get('/api/packs/unopened')).body).toEqual([]);
  });

  it('keeps the admin routes to admins, checks their input and writes the audit log', async () => {
    const p = await h.player('challenges.nonadmin');
    expectError(await p.agent.get('/api/admin/challenges'), 403);
    expectError(await p.agent.post('/api/admin/challenges').send(ANY_ONE), 403);
    expectError(await admin.agent.post('/api/admin/challenges').send({ ...ANY_ONE, cardCount: 12 }), 400);
    expectError(
      await admin.agent.post('/api/admin/challenges').send({ ...ANY_ONE, position: 'Striker' }),
      400,
    );
    expectError(await admin.agent.post('/api/admin/challenges').send({ ...ANY_ONE, startsAt: 'soon' }), 400);
    expectError(
      await admin.agent
        .post('/api/admin/challenges')
        .send({ ...ANY_ONE, startsAt: '2030-01-02T00:00:00Z', endsAt: '2030-01-01T00:00:00Z' }),
      400,
      'The end must be after the start',
    );
    const made = await admin.agent.post('/api/admin/challenges').send({ ...ANY_ONE, title: 'To retire' });
    const id = (made.body as { id: number }).id;
    const moved = await admin.agent
      .put(`/api/admin/challenges/${id}/schedule`)
      .send({ startsAt: '2030-01-01T00:00:00Z', endsAt: null });
    expect(moved.body).toMatchObject({ state: 'scheduled', startsAt: '2030-01-01T00:00:00.000Z' });
    expectError(await p.agent.get(`/api/challenges/${id}`), 404);
    const retired = await admin.agent.post(`/api/admin/challenges/${id}/retire`).send({});
    expect(retired.body).toMatchObject({ state: 'retired' });
    expectError(
      await admin.agent
        .put(`/api/admin/challenges/${id}/schedule`)
        .send({ startsAt: '2030-01-01T00:00:00Z', endsAt: null }),
      409,
    );
    expectError(await admin.agent.post('/api/admin/challenges/99999999/retire').send({}), 404);
    const all = await admin.agent.get('/api/admin/challenges');
    expect(
      (all.body as { items: { id: number; state: string }[] }).items.find((c) => c.id === id),
    ).toMatchObject({
      state: 'retired',
    });
    const log = await admin.agent.get('/api/admin/audit-log?action=challenges.retire');
    // Newest first: the refused retire of an unknown challenge, then the retire.
    expect((log.body as { items: { targetId: string; outcome: string }[] }).items).toEqual([
      expect.objectContaining({ targetId: '99999999', outcome: 'failed' }),
      expect.objectContaining({ targetId: String(id), outcome: 'ok' }),
    ]);
  });
});
