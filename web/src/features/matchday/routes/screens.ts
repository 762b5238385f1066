// Both matchday screens in one chunk: one file name for the route table (the first load's script) to
// carry, and a player on one of them is one tap from the other.
export { MatchdayHistoryRoute } from './MatchdayHistoryRoute';
export { MatchdayRoute } from './MatchdayRoute';
