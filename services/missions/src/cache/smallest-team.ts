/**
 * The fewest players a team has, learned from cards-market's first answer about team progress: a
 * user who owns fewer cards than that cannot hold a whole team, and is not asked about (issue 41: a
 * call and a query per card bought). Teams only gain players, so a floor learned once stays a floor.
 */
export class SmallestTeam {
  private size = 0;

  /** 0 until learned: every user is asked until then. */
  get players(): number {
    return this.size;
  }

  learn(teamSizes: readonly number[]): void {
    if (teamSizes.length > 0) this.size = Math.min(...teamSizes);
  }
}
