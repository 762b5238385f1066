import type { Knex } from 'knex';
import { BURNED_OWNER_ID } from '@touchline/rules';

/** A challenge's row (docs/design.md#5-cards-and-the-market, decision 0018). */
export interface ChallengeRow {
  id: number;
  title: string;
  description: string;
  card_count: number;
  team_id: number | null;
  position: string | null;
  min_rarity: string | null;
  min_total_value: number | null;
  reward_coins: number;
  /** A pack of the shop's given with the coins (domain/packs.ts PACKS), minted with the burn. */
  reward_pack_id: number | null;
  starts_at: Date;
  ends_at: Date | null;
  retired_at: Date | null;
  created_by: number;
  idempotency_key: string;
  created_at: Date;
  updated_at: Date;
}

/** A challenge with its team's name and how many players completed it. */
export type ChallengeView = ChallengeRow & { team_name: string | null; completions: number };

export interface SubmissionRow {
  id: number;
  challenge_id: number;
  user_id: number;
  idempotency_key: string;
  card_ids: number[];
  total_value: number;
  reward_coins: number;
  /** Of the coins: 'paid' at once when there are none (a pack-only reward). */
  reward: 'pending' | 'paid';
  transaction_id: number | null;
  created_at: Date;
  paid_at: Date | null;
  reward_pack_id: number | null;
  /** The reward pack's cards, minted in the submission's transaction; null without a pack. */
  pack_card_ids: number[] | null;
  /** When the player saw the pack revealed; until then it is an unopened pack. */
  pack_revealed_at: Date | null;
}

/** A card of a squad, row-locked, with what the requirements look at. */
export interface SquadCardRow {
  id: number;
  owner_id: number;
  player_id: number;
  hold_key: string | null;
  reserved_by: string | null;
  team_id: number;
  position: string;
  rarity: string;
  current_price: number;
}

/** The hold key a burned card keeps for good: every check that refuses a held card refuses it. */
export const burnedCardKey = (submissionId: number) => `challenge:${submissionId}`;

function views(db: Knex) {
  return db('challenges as c')
    .leftJoin('teams as t', 't.id', 'c.team_id')
    .select(
      'c.*',
      't.name as team_name',
      db.raw(
        `(select count(*)::int from challenge_submissions s where s.challenge_id = c.id) as completions`,
      ),
    );
}

/** Every challenge that has started and is not retired (ended ones included: the list says so). */
export async function startedChallenges(db: Knex, now: Date): Promise<ChallengeView[]> {
  return (await views(db)
    .whereNull('c.retired_at')
    .where('c.starts_at', '<=', now)
    .orderBy('c.id', 'desc')) as ChallengeView[];
}

export async function allChallenges(db: Knex): Promise<ChallengeView[]> {
  return (await views(db).orderBy('c.id', 'desc')) as ChallengeView[];
}

export async function challengeView(db: Knex, id: number): Promise<ChallengeView | undefined> {
  return (await views(db).where('c.id', id).first()) as ChallengeView | undefined;
}

export async function submissionsOf(
  db: Knex,
  userId: number,
  challengeIds: number[],
): Promise<SubmissionRow[]> {
  if (challengeIds.length === 0) return [];
  return (await db('challenge_submissions')
    .where({ user_id: userId })
    .whereIn('challenge_id', challengeIds)) as SubmissionRow[];
}

/** Serialises one player's submissions, so "once per player" is decided before anything is written. */
export async function lockPlayerSubmissions(trx: Knex.Transaction, userId: number): Promise<void> {
  await trx.raw(`select pg_advisory_xact_lock(hashtext('cards_market.challenge'), ?::int)`, [
    userId % 2 ** 31,
  ]);
}

export async function submissionOfKey(
  trx: Knex.Transaction,
  userId: number,
  key: string,
): Promise<SubmissionRow | undefined> {
  return (await trx('challenge_submissions').where({ user_id: userId, idempotency_key: key }).first()) as
    SubmissionRow | undefined;
}

export async function submissionOf(
  trx: Knex.Transaction,
  challengeId: number,
  userId: number,
): Promise<SubmissionRow | undefined> {
  return (await trx('challenge_submissions')
    .where({ challenge_id: challengeId, user_id: userId })
    .first()) as SubmissionRow | undefined;
}

/** The challenge, share-locked: a retire or reschedule waits for the submission (and the other way round). */
export async function shareChallenge(trx: Knex.Transaction, id: number): Promise<ChallengeRow | undefined> {
  return (await trx('challenges').where({ id }).forShare().first()) as ChallengeRow | undefined;
}

export async function lockChallenge(trx: Knex.Transaction, id: number): Promise<ChallengeRow | undefined> {
  return (await trx('challenges').where({ id }).forUpdate().first()) as ChallengeRow | undefined;
}

/** The squad's cards, row-locked in id order (the order every card-locking path uses). */
export async function lockSquadCards(trx: Knex.Transaction, ids: number[]): Promise<SquadCardRow[]> {
  return (await trx('cards as k')
    .join('players as p', 'p.id', 'k.player_id')
    .whereIn('k.id', ids)
    .orderBy('k.id')
    .forUpdate('k')
    .select(
      'k.id',
      'k.owner_id',
      'k.player_id',
      'k.hold_key',
      'k.reserved_by',
      'p.team_id',
      'p.position',
      'p.rarity',
      'p.current_price',
    )) as SquadCardRow[];
}

export async function insertSubmission(
  trx: Knex.Transaction,
  row: Pick<
    SubmissionRow,
    | 'challenge_id'
    | 'user_id'
    | 'idempotency_key'
    | 'card_ids'
    | 'total_value'
    | 'reward_coins'
    | 'reward_pack_id'
    | 'pack_card_ids'
  >,
  now: Date,
): Promise<SubmissionRow> {
  // No coins to pay (a pack-only reward): nothing for the wallet or the sweeper to do.
  const paid = Number(row.reward_coins) === 0;
  const [inserted] = (await trx('challenge_submissions')
    .insert({ ...row, reward: paid ? 'paid' : 'pending', paid_at: paid ? now : null, created_at: now })
    .returning('*')) as SubmissionRow[];
  return inserted!;
}

/** A player's reward packs not revealed yet, newest first (they join the unopened bought packs). */
export async function unrevealedRewardPacks(
  db: Knex,
  userId: number,
  limit: number,
): Promise<Pick<SubmissionRow, 'id' | 'reward_pack_id' | 'pack_card_ids' | 'created_at'>[]> {
  return (await db('challenge_submissions')
    .where({ user_id: userId })
    .whereNotNull('pack_card_ids')
    .whereNull('pack_revealed_at')
    .orderBy('created_at', 'desc')
    .limit(limit)
    .select('id', 'reward_pack_id', 'pack_card_ids', 'created_at')) as Pick<
    SubmissionRow,
    'id' | 'reward_pack_id' | 'pack_card_ids' | 'created_at'
  >[];
}

/**
 * Marks the player's reward pack revealed; a repeat changes nothing. Answers whether the submission
 * is the player's and has a pack (another player's or an unknown one: false, so not found).
 */
export async function markRewardPackRevealed(
  db: Knex,
  userId: number,
  submissionId: number,
  now: Date,
): Promise<boolean> {
  const mine = () =>
    db('challenge_submissions').where({ id: submissionId, user_id: userId }).whereNotNull('pack_card_ids');
  await mine().whereNull('pack_revealed_at').update({ pack_revealed_at: now });
  return (await mine().first('id')) !== undefined;
}

/** The cards leave circulation: no owner, the submission's key for good, the submission named. */
export async function burnCards(trx: Knex.Transaction, ids: number[], submissionId: number): Promise<void> {
  await trx('cards')
    .whereIn('id', ids)
    .update({ owner_id: BURNED_OWNER_ID, hold_key: burnedCardKey(submissionId), burned_by: submissionId });
}

/** Marks the reward paid; false when another driver already did (then it announces nothing). */
export async function markSubmissionPaid(
  trx: Knex.Transaction,
  id: number,
  transactionId: number,
  now: Date,
): Promise<boolean> {
  const changed = await trx('challenge_submissions')
    .where({ id, reward: 'pending' })
    .update({ reward: 'paid', transaction_id: transactionId, paid_at: now });
  return changed > 0;
}

export async function pendingSubmissions(db: Knex, before: Date, limit: number): Promise<SubmissionRow[]> {
  return (await db('challenge_submissions')
    .where({ reward: 'pending' })
    .where('created_at', '<=', before)
    .orderBy('created_at')
    .limit(limit)) as SubmissionRow[];
}

export type NewChallenge = Pick<
  ChallengeRow,
  | 'title'
  | 'description'
  | 'card_count'
  | 'team_id'
  | 'position'
  | 'min_rarity'
  | 'min_total_value'
  | 'reward_coins'
  | 'reward_pack_id'
  | 'starts_at'
  | 'ends_at'
  | 'created_by'
  | 'idempotency_key'
>;

/** Inserts the challenge, or answers the one its creator's key already made (null: the key's twin). */
export async function insertChallenge(
  db: Knex,
  row: NewChallenge,
  now: Date,
): Promise<ChallengeRow | undefined> {
  const [inserted] = (await db('challenges')
    .insert({ ...row, created_at: now, updated_at: now })
    .onConflict(['created_by', 'idempotency_key'])
    .ignore()
    .returning('*')) as ChallengeRow[];
  return inserted;
}

export async function challengeOfKey(
  db: Knex,
  createdBy: number,
  key: string,
): Promise<ChallengeRow | undefined> {
  return (await db('challenges').where({ created_by: createdBy, idempotency_key: key }).first()) as
    ChallengeRow | undefined;
}

export async function updateChallenge(
  trx: Knex.Transaction,
  id: number,
  changes: Partial<Pick<ChallengeRow, 'starts_at' | 'ends_at' | 'retired_at'>>,
  now: Date,
): Promise<void> {
  await trx('challenges')
    .where({ id })
    .update({ ...changes, updated_at: now });
}

export async function teamExists(db: Knex, teamId: number): Promise<boolean> {
  return (await db('teams').where({ id: teamId }).first('id')) !== undefined;
}
