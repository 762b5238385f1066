import { createPromiseClient, type ClientOptions } from '@touchline/kit';
import { SERVICES } from '@touchline/protos';
import type { AdminDefinition } from '@touchline/protos/gen/touchline/admin/Admin';

export function createAdminClient(address: string, options: ClientOptions) {
  return createPromiseClient<AdminDefinition>(SERVICES.admin.definition(), address, options);
}
export type AdminClient = ReturnType<typeof createAdminClient>;
