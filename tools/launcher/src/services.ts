import type { ServiceModule } from '@touchline/kit';
import { identityService } from '@touchline/identity';

/** Every microservice of Touchline, in start order. */
export const SERVICE_MODULES: ServiceModule<never, never>[] = [identityService] as unknown as ServiceModule<
  never,
  never
>[];
