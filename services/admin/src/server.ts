import type { UseCases } from '@touchline/kit';
import type { AdminHandlers } from '@touchline/protos/gen/touchline/admin/Admin';

/**
 * Maps each Admin RPC onto its use case. None is built yet: every RPC answers UNIMPLEMENTED
 * (HTTP 501 at the gateway) until its issue lands.
 */
export function adminUseCases(): UseCases<AdminHandlers> {
  return {};
}
