import { isIP } from 'node:net';
import { ConfigError } from '../config-error';

// TRUST_PROXY read strictly: which proxies in front of the shop to believe about a caller's address.

/** proxy-addr's names for whole ranges, which Fastify's `trustProxy` understands. */
const PROXY_RANGES = new Set(['loopback', 'linklocal', 'uniquelocal']);

/**
 * The widest subnets believed: a /8 of IPv4 (a whole private network such as 10.0.0.0/8) or a /32
 * of IPv6. Anything wider holds addresses of the open internet, whose clients could then name any
 * address they liked, as `true` would let them.
 */
const WIDEST_PREFIX = { 4: 8, 6: 32 } as const;

/** The most proxies believed to stand in front of the shop, by count. */
const MOST_PROXY_HOPS = 5;

/** An IPv6 subnet within ::ffff:0:0/96 stands for IPv4 addresses, as proxy-addr reads it too. */
const IPV4_MAPPED = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i;

const IPV4_MAPPED_PREFIX = 96;

/** What is wrong with one entry of TRUST_PROXY, or undefined when it names proxies. */
function proxyEntryProblem(entry: string): string | undefined {
  if (PROXY_RANGES.has(entry)) return undefined;
  const [address = '', bits, ...rest] = entry.split('/');
  const version = isIP(address);
  const notAnAddress = `"${entry}" is not an address or subnet`;
  if (version === 0 || rest.length > 0) return notAnAddress;
  if (bits === undefined) return undefined;
  if (!/^\d{1,3}$/.test(bits)) return notAnAddress;
  const mapped = version === 6 ? IPV4_MAPPED.exec(address) : null;
  const [kind, prefix] = mapped
    ? ([4, Number(bits) - IPV4_MAPPED_PREFIX] as const)
    : ([version === 4 ? 4 : 6, Number(bits)] as const);
  if (Number(bits) > (version === 4 ? 32 : 128) || prefix < 0) return notAnAddress;
  if (prefix < WIDEST_PREFIX[kind]) {
    return (
      `"${entry}" is wider than a /${WIDEST_PREFIX[kind]} of IPv${kind}, so it takes in clients ` +
      'on the internet, who could then choose the address they are counted by'
    );
  }
  return undefined;
}

function trustProxyError(why: string): ConfigError {
  return new ConfigError(
    `TRUST_PROXY must name the proxies in front of the shop, by address or subnet ` +
      `(TRUST_PROXY=10.0.0.5 or 10.0.0.0/8,loopback) or by how many there are ` +
      `(TRUST_PROXY=1, at most ${MOST_PROXY_HOPS}); ${why}`,
  );
}

/**
 * Nobody, a number of proxies in front, or a comma-separated list of their addresses and subnets.
 * `true` would believe any client about its own address (and so let it pick a fresh one for each
 * try at a rate limit): refused, with the two ways to say what was meant. So is whatever acts as
 * `true` does: a count of proxies no shop has in front of it (`100`), or subnets that take in the
 * internet (`0.0.0.0/0`, `0.0.0.0/1,128.0.0.0/1`).
 */
export function parseTrustProxy(value: string | undefined): false | number | string {
  if (value === undefined || value === '' || value === 'false') return false;
  if (value === 'true') {
    throw trustProxyError('"true" would let any client choose the address it is counted by');
  }
  if (/^\d+$/.test(value)) {
    const hops = Number(value);
    if (hops > MOST_PROXY_HOPS) {
      throw trustProxyError(
        `${value} proxies is more than any shop stands behind, and would believe whatever ` +
          'addresses a client put in X-Forwarded-For',
      );
    }
    return hops > 0 ? hops : false;
  }
  const entries = value.split(',').map((entry) => entry.trim());
  for (const entry of entries) {
    const problem = proxyEntryProblem(entry);
    if (problem !== undefined) throw trustProxyError(problem);
  }
  return entries.join(',');
}
