import { defineRoute } from './route';
import { EmptyBody, ErrorBody } from './schemas/common';
import {
  Challenge,
  ChallengeIdParams,
  ChallengeList,
  ChallengeSubmitted,
  CreateChallengeBody,
  ScheduleChallengeBody,
  SubmitChallengeBody,
} from './schemas/challenges';

const error = ErrorBody;

/** Squad challenges: own cards given up for a reward (docs/features.md, "Squad challenges"). */
export const challenges = {
  list: defineRoute({
    method: 'get',
    path: '/api/challenges',
    summary: 'The open (and ended) challenges, newest first, each with the caller’s completion',
    auth: 'session',
    responses: { 200: ChallengeList },
  }),
  get: defineRoute({
    method: 'get',
    path: '/api/challenges/:id',
    summary: 'One challenge with its requirements, reward and the caller’s completion',
    auth: 'session',
    params: ChallengeIdParams,
    responses: { 200: Challenge, 404: error },
  }),
  submit: defineRoute({
    method: 'post',
    path: '/api/challenges/:id/submissions',
    summary:
      'Give up a squad of own cards that meets the requirements: the cards burn, the reward (coins, a pack) is given once',
    auth: 'session',
    params: ChallengeIdParams,
    body: SubmitChallengeBody,
    idempotent: true,
    responses: { 200: ChallengeSubmitted, 403: error, 404: error, 409: error, 422: error },
  }),
} as const;

/** Every admin route: 401 without a session, 403 unless the admin service finds the caller an admin. */
const denied = { 403: error } as const;

/** Admins make, reschedule and retire challenges; each change is in the audit log. */
export const adminChallenges = {
  list: defineRoute({
    method: 'get',
    path: '/api/admin/challenges',
    summary: 'Every challenge, retired and scheduled too, newest first',
    auth: 'session',
    responses: { 200: ChallengeList, ...denied },
  }),
  create: defineRoute({
    method: 'post',
    path: '/api/admin/challenges',
    summary:
      'Create a challenge: requirements, a reward (coins, a shop pack or both), a start (default now) and an optional end',
    auth: 'session',
    body: CreateChallengeBody,
    idempotent: true,
    responses: { 200: Challenge, ...denied, 409: error },
  }),
  schedule: defineRoute({
    method: 'put',
    path: '/api/admin/challenges/:id/schedule',
    summary: 'Move a challenge’s start and end',
    auth: 'session',
    params: ChallengeIdParams,
    body: ScheduleChallengeBody,
    idempotent: true,
    responses: { 200: Challenge, ...denied, 404: error, 409: error },
  }),
  retire: defineRoute({
    method: 'post',
    path: '/api/admin/challenges/:id/retire',
    summary: 'Retire a challenge for good: players no longer see it; completions stay',
    auth: 'session',
    params: ChallengeIdParams,
    body: EmptyBody,
    idempotent: true,
    responses: { 200: Challenge, ...denied, 404: error },
  }),
} as const;
