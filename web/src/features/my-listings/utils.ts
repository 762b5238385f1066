/** How the card's market price moved since it was listed: null when the price then is unknown. */
export function priceMoveSince(then: number | null, now: number): { delta: number; percent: number } | null {
  if (then === null || then <= 0) return null;
  return { delta: now - then, percent: ((now - then) / then) * 100 };
}

/** '+5.0%', '-2.3%', '0.0%': one decimal, as prices' changes are shown everywhere. */
export function signedPercent(percent: number): string {
  const rounded = Math.round(percent * 10) / 10;
  return `${rounded > 0 ? '+' : ''}${rounded.toFixed(1)}%`;
}
