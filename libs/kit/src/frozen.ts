/**
 * `value`, deeply frozen outside production: a body many requests share throws at the first
 * mutation in development and tests, instead of silently changing every later answer. Production
 * skips the walk (it costs a pass over every object of the body).
 */
export function frozenInDev<T>(value: T): T {
  if (process.env.NODE_ENV !== 'production') deepFreeze(value);
  return value;
}

function deepFreeze(value: unknown): void {
  // Typed arrays and Buffers cannot be frozen; an object frozen already was walked already.
  if (typeof value !== 'object' || value === null || ArrayBuffer.isView(value) || Object.isFrozen(value))
    return;
  Object.freeze(value);
  for (const key of Object.keys(value)) deepFreeze((value as Record<string, unknown>)[key]);
}
