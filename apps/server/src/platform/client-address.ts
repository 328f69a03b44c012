/**
 * The address a request came from. Without proxies it is the socket's peer. Behind
 * `trustedHops` reverse proxies (each appending the address it received the request from to
 * X-Forwarded-For), it is the entry the outermost trusted proxy wrote: entries further left
 * were written by the client and prove nothing.
 */
export function clientAddress(socketAddress: string | undefined, forwardedFor: string | null, trustedHops: number) {
  if (trustedHops <= 0 || !forwardedFor) return socketAddress;
  const hops = forwardedFor
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean);
  return hops[hops.length - trustedHops] ?? socketAddress;
}
