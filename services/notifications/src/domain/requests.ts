import { invalid } from '@touchline/kit';

export const DEFAULT_PAGE = 20;
export const MAX_PAGE = 100;
export const MAX_IDS = 100;

export function checkUser(userId: number): number {
  if (!Number.isSafeInteger(userId) || userId <= 0) throw invalid('user_id is required');
  return userId;
}

export function pageSize(requested: number): number {
  if (!Number.isInteger(requested) || requested < 0 || requested > MAX_PAGE)
    throw invalid(`page size must be between 1 and ${MAX_PAGE}`);
  return requested || DEFAULT_PAGE;
}

export function checkIds(ids: number[]): number[] {
  const unique = [...new Set(ids)];
  if (unique.length === 0) throw invalid('notification_ids is required');
  if (unique.length > MAX_IDS) throw invalid(`at most ${MAX_IDS} notifications at once`);
  if (unique.some((id) => !Number.isSafeInteger(id) || id <= 0))
    throw invalid('notification ids must be positive');
  return unique;
}

export function checkAfterId(afterId: number): number {
  if (!Number.isSafeInteger(afterId) || afterId < 0) throw invalid('after_id must not be negative');
  return afterId;
}
