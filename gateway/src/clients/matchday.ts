import { createPromiseClient, type ClientOptions } from '@touchline/kit';
import { SERVICES } from '@touchline/protos';
import type { MatchdayDefinition } from '@touchline/protos/gen/touchline/matchday/Matchday';

export function createMatchdayClient(address: string, options: ClientOptions) {
  return createPromiseClient<MatchdayDefinition>(SERVICES.matchday.definition(), address, options);
}
export type MatchdayClient = ReturnType<typeof createMatchdayClient>;
