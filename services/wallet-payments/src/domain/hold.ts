export type HoldStatus = 'held' | 'committed' | 'voided';

export const HOLD_STATUSES: readonly HoldStatus[] = ['held', 'committed', 'voided'];

export const HOLD_WAS_VOIDED = 'Hold was voided';
export const HOLD_WAS_COMMITTED = 'Hold was committed';
export const HOLD_NOT_FOUND = 'Hold not found';
export const HOLD_KEY_REUSED = 'hold_key was used for another hold';
