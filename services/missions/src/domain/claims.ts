/**
 * A claim's id: one per user, mission and period instance. It is also the key of the wallet grant
 * that pays it, so however often a claim is driven, the reward is paid once.
 */
export const claimIdOf = (userId: number, missionId: number, periodKey: string) =>
  `mission:${userId}:${missionId}:${periodKey}`;

export const NOT_FINISHED = 'This mission is not finished yet';
export const ALREADY_CLAIMED = 'You have already claimed this mission';
export const KEY_REUSED = 'This idempotency key was used for another claim';
export const MISSION_NOT_FOUND = 'Mission not found';
export const PAYMENT_PENDING = 'Your reward is recorded and will be paid in a moment';

export const claimedMessage = (reward: number) => `+${reward.toLocaleString('en-US')} coins`;
