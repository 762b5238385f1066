/**
 * How a player appears (docs/design.md#7-decisions-on-the-specs-open-points): 'You' for the signed-in user, 'Market' for the market
 * itself (id 0), otherwise the username; 'User #id' only where that user no longer exists.
 */
export function displayName(
  id: number,
  username: string | null | undefined,
  selfId: number | undefined,
): string {
  if (id === 0) return 'Market';
  if (selfId !== undefined && id === selfId) return 'You';
  return username?.trim() || `User #${id}`;
}
