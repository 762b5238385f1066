import { z } from 'zod';

/** One ranked collector: by username only, never an e-mail (docs/design.md#7-decisions-on-the-specs-open-points, who is shown). */
export const LeaderboardEntry = z
  .object({
    user: z.object({ id: z.number(), username: z.string() }),
    /** Sum of the current prices of the user's cards, in coins. */
    collectionValue: z.number(),
    cardCount: z.number(),
    /** 1-based; ties go to the earlier sign-up. */
    rank: z.number(),
  })
  .meta({ id: 'LeaderboardEntry' });
export type LeaderboardEntry = z.infer<typeof LeaderboardEntry>;
