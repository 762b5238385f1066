import { api } from '@touchline/contract';
import type { Clients } from '../clients';
import type { SharedAnswers } from '../http/shared-answers';

/** The users an answer may name, once each: id 0 is the market, which has no username. */
const namedIds = (userIds: number[]) => [...new Set(userIds.filter((id) => id > 0))];

/**
 * The usernames of the users an answer names, in one batch call to identity (docs/design.md#7-decisions-on-the-specs-open-points:
 * other players appear by username, never by e-mail). Id 0 (the market) and unknown users are absent.
 */
export async function usernamesOf(clients: Clients, userIds: number[]): Promise<Map<number, string>> {
  const ids = namedIds(userIds);
  if (ids.length === 0) return new Map();
  const { usernames } = await clients.identity.GetUsernames({ userIds: ids });
  return new Map(usernames.map((u) => [u.id, u.username]));
}

export interface Username {
  id: number;
  username: string;
}

/** GET /api/users/usernames: every player who is not banned, as identity lists them. */
export async function everyUsername(clients: Clients): Promise<Username[]> {
  const { usernames } = await clients.identity.ListUsernames({});
  return usernames.map((u) => ({ id: u.id, username: u.username }));
}

/**
 * Usernames for the answers a page reads on every load (the offers received and sent, the wishes):
 * taken from the shared list of every player's username (GET /api/users/usernames, built once per
 * change of usernames in this process), and asked of identity only for the users it lacks (banned,
 * or newer than the list). A rename through another gateway process shows once the list is rebuilt
 * (its max-age), as it does on the market page; one through this process, at once.
 */
export class Usernames {
  /** The list's answer as a map, made once per answer. */
  private readonly maps = new WeakMap<object, Map<number, string>>();

  constructor(
    private readonly clients: Clients,
    private readonly shared: SharedAnswers,
  ) {}

  /** `reader`: the user asking, who sees their own rename at once (SharedAnswers' read-your-writes). */
  async of(userIds: number[], reader?: number): Promise<Map<number, string>> {
    const ids = namedIds(userIds);
    if (ids.length === 0) return new Map();
    const list = await this.shared.get(
      api.user.usernames.path,
      ['usernames'],
      () => everyUsername(this.clients),
      reader,
    );
    let everyone = this.maps.get(list);
    if (!everyone) this.maps.set(list, (everyone = new Map(list.map((u) => [u.id, u.username]))));
    const names = new Map<number, string>();
    const missing: number[] = [];
    for (const id of ids) {
      const name = everyone.get(id);
      if (name === undefined) missing.push(id);
      else names.set(id, name);
    }
    if (missing.length > 0)
      for (const [id, name] of await usernamesOf(this.clients, missing)) names.set(id, name);
    return names;
  }
}
