// Both challenge screens in one chunk: one file name for the route table to carry, and a player on
// the list is one tap from a squad builder.
export { ChallengeRoute } from './ChallengeRoute';
export { ChallengesRoute } from './ChallengesRoute';
