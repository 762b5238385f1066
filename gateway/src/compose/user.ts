import type { User__Output } from '@touchline/protos/gen/touchline/identity/User';
import type { Clients } from '../clients';

/** The spec's User entity as the web receives it; e-mail only ever goes to its owner. */
export interface UserJson {
  id: number;
  email: string;
  username: string;
  isAdmin: boolean;
  badge: string;
  badges: { name: string; description: string; icon: string; earnedAt: string }[];
  createdAt: string;
  favoriteTeamId: number | null;
}

export function userJson(user: User__Output): UserJson {
  return {
    id: user.id,
    email: user.email,
    username: user.username,
    isAdmin: user.isAdmin,
    badge: user.badge || 'Rookie',
    badges: user.badges,
    createdAt: user.createdAt,
    favoriteTeamId: user.favoriteTeamId || null,
  };
}

/** GET /api/user: composed from the services that own each part (more owners join as they are built). */
export async function currentUser(clients: Clients, userId: number): Promise<UserJson> {
  return userJson(await clients.identity.GetUser({ userId }));
}
