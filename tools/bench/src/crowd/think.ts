/** The 95th percentile of a standard normal distribution. */
const Z95 = 1.6448536269514722;

export interface ThinkTime {
  medianMs: number;
  p95Ms: number;
}

/**
 * The pause of a player between two actions: log-normal (most pauses short, a long tail of reading
 * and hesitating), set by its median and 95th percentile: ln(pause) ~ N(ln median, σ) with
 * σ = ln(p95 / median) / 1.645. The mean is median · e^(σ²/2).
 */
export function thinkTimeMs(think: ThinkTime, random: () => number): number {
  const sigma = Math.log(think.p95Ms / think.medianMs) / Z95;
  // Box–Muller; 1 - random() keeps the logarithm's argument above 0.
  const z = Math.sqrt(-2 * Math.log(1 - random())) * Math.cos(2 * Math.PI * random());
  return think.medianMs * Math.exp(sigma * z);
}

/** The mean pause of a distribution: with the actions' calls, what sets the offered requests per second. */
export function meanThinkMs(think: ThinkTime): number {
  const sigma = Math.log(think.p95Ms / think.medianMs) / Z95;
  return think.medianMs * Math.exp((sigma * sigma) / 2);
}
