import { systemRandom } from '@touchline/kit';
import {
  silentLogger,
  startHeldUpstream,
  startTestService,
  type HeldUpstream,
  type TestService,
} from '@touchline/kit/testing';
import { identityService } from '@touchline/identity';
import { SERVICES } from '@touchline/protos';
import { createTokenSigner } from '../../services/identity/src/tokens';
import { createApp } from '../src/app';
import { closeClients, createClients } from '../src/clients';
import type { Upstream } from '../src/config';
import type { ShedSettings } from '../src/middleware/shedding';
import { createMemoryStore } from '../src/store';
import { gatewayConfig, listenLocally, signedInCookie, upstreamAddresses } from './support';

/** A gateway with identity for real (sessions) and upstreams that answer only when a test releases them. */
export interface HeldGateway<U extends Upstream> {
  baseUrl: string;
  held: Record<U, HeldUpstream>;
  /** A fresh session's cookie for `userId`. */
  cookie(userId: number): Promise<string>;
  stop(): Promise<void>;
}

/** `hold` names, per upstream, the methods its stand-in holds; every other upstream is unreachable. */
export async function startHeldGateway<U extends Upstream>(options: {
  hold: Record<U, string[]>;
  shed: ShedSettings;
  config: Record<string, string>;
}): Promise<HeldGateway<U>> {
  const identity: TestService = await startTestService(identityService);
  const held = {} as Record<U, HeldUpstream>;
  for (const [upstream, methods] of Object.entries(options.hold) as [U, string[]][])
    held[upstream] = await startHeldUpstream(
      SERVICES[upstream as keyof typeof SERVICES].definition(),
      methods,
    );
  const addresses = upstreamAddresses({
    identity: identity.service.address,
    ...Object.fromEntries(Object.entries<HeldUpstream>(held).map(([u, h]) => [u, h.address])),
  });
  const clients = createClients(addresses, { defaultTimeoutMs: 10_000, shed: options.shed });
  const config = gatewayConfig(options.config);
  const app = createApp({ config, clients, addresses, store: createMemoryStore(), logger: silentLogger });
  const gateway = await listenLocally(app);
  const signer = await createTokenSigner(identity.database.db, systemRandom);
  return {
    baseUrl: gateway.baseUrl,
    held,
    cookie: (userId) => signedInCookie(signer, userId),
    async stop() {
      await gateway.close();
      closeClients(clients);
      for (const h of Object.values<HeldUpstream>(held)) await h.close();
      await identity.stop();
    },
  };
}
