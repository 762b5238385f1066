/** What a list shows of one of the user's missions (the contract's Mission). */
export interface ListedMission {
  id: number;
  progress: number;
  completed: boolean;
  completedAt: string | null;
  claimed: boolean;
  resetsAt: string;
}

/** A live `missions` change (the contract's LiveMissions). */
export interface MissionsChange {
  change: 'progress' | 'completed' | 'claimed';
  missionId: number | null;
  /** 'progress' and 'completed': the missions that moved, as their lists now show them. */
  missions: readonly {
    missionId: number;
    progress: number;
    completed: boolean;
    completedAt: string | null;
    resetsAt: string;
  }[];
}

export interface MissionLists<M> {
  daily: M[];
  weekly: M[];
}

/**
 * The user's mission lists with a live change in them, or undefined when they cannot show it
 * without a read (issue 41: a player's every buy, sale or pack moved a mission and read the lists
 * again; the web and bench:crowd share this). A mission moved in a period the lists do not hold
 * (they are a day old) or not in them, or a claim made elsewhere, is read. Progress comes in order
 * (one partition per user) and is taken as it is; a completion (another topic) may overtake or
 * trail it, so a completion never takes progress back and progress never undoes a completion.
 */
export function missionListsAfter<M extends ListedMission>(
  lists: MissionLists<M> | undefined,
  change: MissionsChange,
): MissionLists<M> | undefined {
  if (!lists) return undefined;
  const all = [...lists.daily, ...lists.weekly];
  if (change.change === 'claimed') {
    const claimed = all.find((mission) => mission.id === change.missionId);
    return claimed?.claimed ? lists : undefined;
  }
  if (change.missions.length === 0) return undefined;
  const moved = new Map(change.missions.map((mission) => [mission.missionId, mission]));
  const found = change.missions.every((m) =>
    all.some((mission) => mission.id === m.missionId && sameInstant(mission.resetsAt, m.resetsAt)),
  );
  if (!found) return undefined;
  const put = (missions: M[]): M[] =>
    missions.map((mission) => {
      const now = moved.get(mission.id);
      if (!now) return mission;
      // A completion holds for its period: progress from before it that comes after it is old.
      if (change.change === 'progress' && mission.completed && !now.completed) return mission;
      return {
        ...mission,
        progress: change.change === 'completed' ? Math.max(mission.progress, now.progress) : now.progress,
        completed: mission.completed || now.completed,
        completedAt: mission.completedAt ?? now.completedAt,
      };
    });
  return { ...lists, daily: put(lists.daily), weekly: put(lists.weekly) };
}

const sameInstant = (a: string, b: string) => Date.parse(a) === Date.parse(b);

/** The lists with one mission as the server now has it (a claim's answer): the web's and the crowd's. */
export function withMission<M extends { id: number }>(lists: MissionLists<M>, mission: M): MissionLists<M> {
  const put = (missions: M[]) => missions.map((m) => (m.id === mission.id ? mission : m));
  return { ...lists, daily: put(lists.daily), weekly: put(lists.weekly) };
}

/**
 * The Completed tab (claimed missions, newest completion first) with a claim's answer's mission in
 * it: in its place when the list has that mission of that period, else where its completion falls.
 */
export function withClaimedMission<M extends ListedMission>(completed: readonly M[], mission: M): M[] {
  const rest = completed.filter((m) => !samePeriodMission(m, mission));
  const at = rest.findIndex((m) => Date.parse(m.completedAt ?? '') < Date.parse(mission.completedAt ?? ''));
  return at === -1 ? [...rest, mission] : [...rest.slice(0, at), mission, ...rest.slice(at)];
}

/**
 * Whether the Completed tab shows a live claim: the lists show the mission claimed (this period's,
 * the only one a claim can be of) and the Completed tab has it (the claimer's own answer put it in
 * both). A claim made in another tab is read.
 */
export function completedShowsClaim(
  completed: readonly ListedMission[] | undefined,
  lists: MissionLists<ListedMission> | undefined,
  missionId: number | null,
): boolean {
  const claimed = lists && [...lists.daily, ...lists.weekly].find((m) => m.id === missionId && m.claimed);
  return Boolean(claimed && completed?.some((m) => samePeriodMission(m, claimed)));
}

const samePeriodMission = (a: ListedMission, b: ListedMission) =>
  a.id === b.id && sameInstant(a.resetsAt, b.resetsAt);
