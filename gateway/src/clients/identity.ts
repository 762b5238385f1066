import { createPromiseClient, type ClientOptions } from '@touchline/kit';
import { loadProto } from '@touchline/protos';
import type { ProtoGrpcType } from '@touchline/protos/gen/identity';
import type { IdentityDefinition } from '@touchline/protos/gen/touchline/identity/Identity';

export function createIdentityClient(address: string, options: ClientOptions) {
  const definition = loadProto<ProtoGrpcType>('touchline/identity.proto').touchline.identity.Identity.service;
  return createPromiseClient<IdentityDefinition>(definition, address, options);
}
export type IdentityClient = ReturnType<typeof createIdentityClient>;
