import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** How a stand-in provider answers: as the real one, with a server error, or never. */
export type ProviderMode = 'up' | 'error' | 'hang';

/**
 * One loopback HTTP server standing in for Africa's Talking's account look-up and both
 * networks' token and balance endpoints, each answered as the real API words it.
 */
export async function startFakeProviders() {
  let mode: ProviderMode = 'up';
  const hanging = new Set<ServerResponse>();
  const answer = (res: ServerResponse, body: unknown) => {
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(JSON.stringify(body));
  };
  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    req.resume();
    if (mode === 'hang') {
      hanging.add(res);
      return;
    }
    if (mode === 'error') {
      res.writeHead(500).end('internal error');
      return;
    }
    const url = new URL(req.url ?? '/', 'http://fake');
    const route = `${req.method} ${url.pathname}`;
    if (
      route === 'GET /version1/user' &&
      req.headers.apikey === 'at-key' &&
      url.searchParams.get('username') === 'ecogrid'
    ) {
      return answer(res, { UserData: { balance: 'UGX 52,000.00' } });
    }
    if (route === 'POST /mtn/collection/token/') return answer(res, { access_token: 'mtn-token', expires_in: 3600 });
    if (route === 'GET /mtn/collection/v1_0/account/balance' && req.headers.authorization === 'Bearer mtn-token') {
      return answer(res, { availableBalance: '1500000', currency: 'UGX' });
    }
    if (route === 'POST /airtel/auth/oauth2/token')
      return answer(res, { access_token: 'airtel-token', expires_in: '180' });
    if (route === 'GET /airtel/standard/v1/users/balance' && req.headers.authorization === 'Bearer airtel-token') {
      return answer(res, {
        data: { balance: '750000', currency: 'UGX', account_status: 'ACTIVE' },
        status: { code: '200', success: true, response_code: 'DP00800001001', message: 'SUCCESS' },
      });
    }
    res.writeHead(404).end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    setMode(next: ProviderMode) {
      mode = next;
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const res of hanging) res.destroy();
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** A loopback port nothing listens on (taken, then given back). */
export async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}
