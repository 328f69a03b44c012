import { describe, expect, it } from 'vitest';
import { clientAddress } from './client-address.ts';

describe('clientAddress', () => {
  it('is the socket peer when no proxy is trusted, whatever the client forwards', () => {
    expect(clientAddress('41.210.1.7', '1.2.3.4', 0)).toBe('41.210.1.7');
  });

  it('is the address the outermost trusted proxy saw, never one the client wrote', () => {
    // One proxy: it appended the real peer after whatever the client claimed.
    expect(clientAddress('10.0.0.2', '1.2.3.4, 41.210.1.7', 1)).toBe('41.210.1.7');
    // Two proxies: the CDN wrote the client, the load balancer wrote the CDN.
    expect(clientAddress('10.0.0.2', '1.2.3.4, 41.210.1.7, 172.16.0.9', 2)).toBe('41.210.1.7');
  });

  it('falls back to the socket when the header is missing or shorter than the proxy chain', () => {
    expect(clientAddress('10.0.0.2', null, 1)).toBe('10.0.0.2');
    expect(clientAddress('10.0.0.2', '41.210.1.7', 2)).toBe('10.0.0.2');
  });
});
