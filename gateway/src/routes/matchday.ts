import {
  api,
  STANDINGS_TOP,
  type Lineup,
  type LineupCard,
  type MatchdayInfo,
  type Standings,
  type StandingsEntry,
} from '@touchline/contract';
import type { GetStandingsResponse__Output } from '@touchline/protos/gen/touchline/matchday/GetStandingsResponse';
import type { Lineup__Output } from '@touchline/protos/gen/touchline/matchday/Lineup';
import type { MatchdayInfo__Output } from '@touchline/protos/gen/touchline/matchday/MatchdayInfo';
import type { StandingsEntry__Output } from '@touchline/protos/gen/touchline/matchday/StandingsEntry';
import type { Clients } from '../clients';
import { usernamesOf } from '../compose/usernames';
import { ContractRouter } from '../http/contract-router';

/** Tenths of a point (the service's unit) as the points a player reads: 12.5. */
const points = (tenths: number) => tenths / 10;

export function matchdayJson(m: MatchdayInfo__Output): MatchdayInfo {
  return {
    id: m.id,
    opensAt: m.opensAt,
    locksAt: m.locksAt,
    resultsAt: m.resultsAt,
    state: m.state as MatchdayInfo['state'],
    entries: m.entries,
  };
}

function lineupJson(l: Lineup__Output): Lineup {
  const scored = l.rewardStatus !== '';
  return {
    matchdayId: l.matchdayId,
    captainCardId: l.captainCardId,
    points: scored ? points(l.points) : null,
    rank: scored ? l.rank : null,
    reward: scored ? l.reward : null,
    rewardStatus: scored ? (l.rewardStatus as 'pending' | 'paid') : null,
    updatedAt: l.updatedAt,
    cards: l.cards.map((c): LineupCard => ({
      cardId: c.cardId,
      playerId: c.playerId,
      playerName: c.playerName,
      position: c.position as LineupCard['position'],
      rarity: c.rarity as LineupCard['rarity'],
      teamId: c.teamId,
      captain: c.captain,
      points: c.scored ? points(c.points) : null,
      result: c.result ? { ...c.result, points: points(c.result.points) } : null,
    })),
  };
}

async function standingsJson(clients: Clients, answer: GetStandingsResponse__Output): Promise<Standings> {
  const all = [...answer.entries, ...(answer.mine ? [answer.mine] : [])];
  const names = await usernamesOf(
    clients,
    all.map((e) => e.userId),
  );
  const entry = (e: StandingsEntry__Output): StandingsEntry => ({
    rank: e.rank,
    user: { id: e.userId, username: names.get(e.userId) || `User #${e.userId}` },
    points: points(e.points),
    reward: e.reward,
  });
  return {
    matchday: answer.matchday ? matchdayJson(answer.matchday) : null,
    entries: answer.entries.map(entry),
    mine: answer.mine ? entry(answer.mine) : null,
  };
}

/** Matchdays and lineups (docs/features.md, "Matchdays"), owned by the matchday service. */
export function matchdayRoutes(clients: Clients) {
  const { matchday } = clients;
  const view = async (userId: number, matchdayId: number) => {
    const answer = await matchday.GetMatchday({ userId, matchdayId });
    return {
      status: 200 as const,
      body: {
        matchday: matchdayJson(answer.matchday!),
        lineup: answer.lineup ? lineupJson(answer.lineup) : null,
        now: answer.now,
        previous: answer.previous
          ? {
              matchday: matchdayJson(answer.previous),
              lineup: answer.previousLineup ? lineupJson(answer.previousLineup) : null,
            }
          : null,
      },
    };
  };
  const standings = async (userId: number, matchdayId: number) => {
    const answer = await matchday.GetStandings({
      userId,
      matchdayId,
      pageToken: '',
      pageSize: STANDINGS_TOP,
    });
    return { status: 200 as const, body: await standingsJson(clients, answer) };
  };
  return new ContractRouter()
    .add(api.matchday.current, ({ userId, query }) => view(userId, query.id ?? 0))
    .add(api.matchday.history, async ({ userId, query }) => {
      const page = await matchday.ListLineupHistory({
        userId,
        pageToken: query.cursor ?? '',
        pageSize: query.limit ?? 0,
      });
      return {
        status: 200,
        body: {
          items: page.entries.map((e) => ({
            id: e.matchday!.id,
            matchday: matchdayJson(e.matchday!),
            lineup: lineupJson(e.lineup!),
          })),
          nextCursor: page.nextPageToken || null,
          total: page.total,
        },
      };
    })
    .add(api.matchday.standings, ({ userId, query }) => standings(userId, query.id ?? 0))
    .add(api.matchday.setLineup, async ({ userId, params, body, idempotencyKey }) => {
      const saved = await matchday.SetLineup({
        userId,
        matchdayId: params.id,
        cardIds: body.cardIds,
        captainCardId: body.captainCardId,
        idempotencyKey,
      });
      return {
        status: 200,
        body: { matchday: matchdayJson(saved.matchday!), lineup: lineupJson(saved.lineup!) },
      };
    }).router;
}
