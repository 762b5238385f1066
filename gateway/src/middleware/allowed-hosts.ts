import type { Request, RequestHandler } from 'express';

/** One Host value: a lower-case name (an IPv6 address keeps its brackets) and the port, if any. */
export interface HostValue {
  name: string;
  port?: number;
}

// Underscores too: Docker and Compose name their hosts so, although DNS names may not have them.
const HOST_VALUE = /^(\[[0-9a-f:.]+\]|[a-z0-9_](?:[a-z0-9_.-]*[a-z0-9_])?)(?::(\d{1,5}))?$/;

/** A Host header (or an ALLOWED_HOSTS entry) as name and port; undefined when it is not a plain host. */
export function parseHostValue(value: string | undefined): HostValue | undefined {
  const match = value === undefined ? null : HOST_VALUE.exec(value.toLowerCase());
  if (!match) return undefined;
  const port = match[2] === undefined ? undefined : Number(match[2]);
  if (port !== undefined && port > 65535) return undefined;
  return { name: match[1]!, port };
}

const LOOPBACK_NAMES = new Set(['localhost', '127.0.0.1', '[::1]']);
const DEFAULT_PORTS: Record<string, number> = { 'http:': 80, 'https:': 443 };

/** Where the gateway answers without a Host check: the kubelet and Prometheus call these by pod address. */
const UNCHECKED_PATHS = new Set(['/healthz', '/readyz', '/metrics']);

export interface HostPolicyConfig {
  EMBEDDED: boolean;
  PUBLIC_URL?: string;
  ALLOWED_HOSTS: HostValue[];
}

/**
 * The hosts this deployment serves, and so the origins its pages have. A DNS rebinding attack points
 * a name its author controls at this server: the browser then sends that name as Host and as Origin,
 * so neither may be trusted because they agree with each other; both must be names listed here.
 *
 * - the `PUBLIC_URL` host, with its port (the scheme's default when it names none);
 * - loopback names (`localhost`, `127.0.0.1`, `[::1]`) in embedded mode, or when the public URL is
 *   itself on loopback (`npm run stack` without PUBLIC_URL, skaffold's port-forward), at any port: a
 *   rebinding forges a name of its author's, never a loopback one, and a loopback name at another
 *   port than the one listening means a forwarder on this machine (an SSH tunnel, a port-forward to
 *   another local port, a test's proxy);
 * - `ALLOWED_HOSTS` entries: a name with a port matches that port only, a bare name any port (what a
 *   rebinding forges is the name; a port is whatever a proxy in front publishes).
 */
export class HostPolicy {
  private readonly publicOrigin: string | undefined;
  private readonly publicHost: Required<HostValue> | undefined;
  private readonly loopback: boolean;
  private readonly extra: HostValue[];

  constructor(config: HostPolicyConfig) {
    const url = config.PUBLIC_URL ? new URL(config.PUBLIC_URL) : undefined;
    this.publicOrigin = url?.origin;
    this.publicHost = url && {
      name: url.hostname.toLowerCase(),
      port: url.port ? Number(url.port) : (DEFAULT_PORTS[url.protocol] ?? 80),
    };
    this.loopback = config.EMBEDDED || !url || LOOPBACK_NAMES.has(url.hostname);
    this.extra = config.ALLOWED_HOSTS;
  }

  /** Whether a Host value names this deployment. */
  allowsHost(value: string | undefined): boolean {
    const host = parseHostValue(value);
    if (!host) return false;
    // A Host without a port means the scheme's default: a proxy in front (443) or plain http (80).
    if (this.publicHost?.name === host.name && (host.port ?? this.publicHost.port) === this.publicHost.port)
      return true;
    if (this.loopback && LOOPBACK_NAMES.has(host.name)) return true;
    return this.matchesExtra(host);
  }

  private matchesExtra(host: HostValue): boolean {
    return this.extra.some((e) => e.name === host.name && (e.port === undefined || e.port === host.port));
  }

  /**
   * Whether an Origin header is one of this deployment's own pages. It is never compared with an
   * arbitrary Host (a page on a rebound name sends that name as both); a loopback origin is ours at
   * the port the connection came in on (`localPort`), or when it is the request's own loopback Host:
   * a page served through a local forwarder posts through it. A page of another local app (another
   * port, the same site for SameSite cookies) sends its own origin with our Host: refused.
   */
  allowsOrigin(origin: string, localPort: number | undefined, hostHeader: string | undefined): boolean {
    let url: URL;
    try {
      url = new URL(origin);
    } catch {
      return false;
    }
    if (url.origin === this.publicOrigin) return true;
    const defaultPort = DEFAULT_PORTS[url.protocol];
    if (defaultPort === undefined) return false;
    const host = parseHostValue(url.host);
    if (!host) return false;
    if (this.loopback && url.protocol === 'http:' && LOOPBACK_NAMES.has(host.name)) {
      const port = host.port ?? defaultPort;
      const requestHost = parseHostValue(hostHeader);
      const sameAsHost = requestHost?.name === host.name && (requestHost.port ?? defaultPort) === port;
      if (port === localPort || sameAsHost) return true;
    }
    return this.matchesExtra(host);
  }
}

export const UNKNOWN_HOST = 'Unknown host: this site does not answer to this name';

/** The port a request came in on (the socket's, not anything the request says). */
export const localPortOf = (req: Request): number | undefined => req.socket.localPort;

/**
 * Refuses (421 Misdirected Request) every request whose Host header is not a host of this deployment,
 * before anything else reads it. The raw Host only: X-Forwarded-Host is a header any page may set.
 */
export function hostCheck(policy: HostPolicy): RequestHandler {
  return (req, res, next) => {
    if (UNCHECKED_PATHS.has(req.path) || policy.allowsHost(req.headers.host)) return next();
    res.status(421).json({ message: UNKNOWN_HOST });
  };
}
