import type { ChannelOptions } from '@grpc/grpc-js';

/** grpc-js's client-side balancing: a call goes to the next ready address in turn. */
const ROUND_ROBIN = JSON.stringify({ loadBalancingConfig: [{ round_robin: {} }] });

/**
 * The channel target of a peer address (config.ts, peerAddressSchema). One `host:port` stays what it
 * was (grpc-js resolves the name). A list `ip:port,ip:port` (the stack's replicas of one service)
 * becomes grpc-js's `ipv4:` target with round_robin: each call goes to the next ready replica, and a
 * replica that is down or restarting is skipped until it answers again, as a Kubernetes Service
 * spreads calls over its ready pods.
 */
export function channelTarget(address: string): { target: string; options: ChannelOptions } {
  const entries = address.split(',').map((e) => e.trim());
  if (entries.length === 1) return { target: entries[0]!, options: {} };
  return { target: `ipv4:${entries.join(',')}`, options: { 'grpc.service_config': ROUND_ROBIN } };
}
