import { usernameKey } from '@ed/contract/users';
import { createHash } from 'node:crypto';
import { isIPv4 } from 'node:net';
import ipaddr from 'ipaddr.js';

/** The one counter of failed sign-ins of the whole deployment. */
export const GLOBAL_KEY = 'login-all';

/**
 * The address a limit counts: IPv4 (also written IPv6-mapped) as is, IPv6 by its /64, since
 * one subscriber usually holds a whole /64 and could otherwise rotate through it.
 */
export function addressBucket(ip: string): string {
  // The common cases without parsing: a flood is answered through here.
  if (isIPv4(ip)) return ip;
  if (ip.startsWith('::ffff:') && isIPv4(ip.slice(7))) return ip.slice(7);
  if (!ipaddr.isValid(ip)) return ip;
  const address = ipaddr.process(ip);
  if (address.kind() === 'ipv4') return address.toString();
  const prefix = (address as ipaddr.IPv6).parts.slice(0, 4);
  return `${new ipaddr.IPv6([...prefix, 0, 0, 0, 0]).toString()}/64`;
}

/**
 * Usernames are stored only as digests: people type passwords into the username field, and
 * the counters of unknown names must not become a list of them.
 */
const usernameDigest = (username: string) =>
  createHash('sha256').update(usernameKey(username)).digest('base64url').slice(0, 22);

export interface SignInKeys {
  /** Failures from one address, whichever account (LOGIN_IP_MAX_FAILURES). */
  address: string;
  /** Failures of one account from one address: the lock (LOGIN_MAX_FAILURES). */
  pair: string;
  /** Failures of one account from everywhere: the progressive delay. */
  user: string;
  global: string;
}

export const addressKey = (ip: string) => `login-ip:${addressBucket(ip)}`;

export function signInKeys(username: string, ip: string): SignInKeys {
  const user = usernameDigest(username);
  const address = addressBucket(ip);
  return {
    address: addressKey(ip),
    pair: `login-pair:${user}:${address}`,
    user: `login-user:${user}`,
    global: GLOBAL_KEY,
  };
}

/** The keys of every counter of one account, so a new password can clear them. */
export function accountKeyPatterns(username: string): { user: string; pairPrefix: string } {
  const user = usernameDigest(username);
  return { user: `login-user:${user}`, pairPrefix: `login-pair:${user}:` };
}

/**
 * No delay up to `threshold` failures of an account; then half a second, doubling with every
 * further `threshold` failures, up to `maxMs`.
 */
export function progressiveDelayMs(failures: number, threshold: number, maxMs: number): number {
  if (failures <= threshold) return 0;
  const doublings = Math.min(20, Math.ceil((failures - threshold) / threshold) - 1);
  return Math.min(maxMs, 500 * 2 ** doublings);
}
