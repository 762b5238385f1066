/** Records the simulated graphs of the next Lighthouse run in this process; the function gives them as text. */
export function recordLanternGraphs(): () => string;
