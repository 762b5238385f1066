import { createPromiseClient, type ClientOptions } from '@touchline/kit';
import { SERVICES } from '@touchline/protos';
import type { IdentityDefinition } from '@touchline/protos/gen/touchline/identity/Identity';

export function createIdentityClient(address: string, options: ClientOptions) {
  return createPromiseClient<IdentityDefinition>(SERVICES.identity.definition(), address, options);
}
export type IdentityClient = ReturnType<typeof createIdentityClient>;
