import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '@/lib/api-client.ts';
import { createOutbox, keepSending, retryDelayMs, type OutboxStorage, type SendAction } from './outbox.ts';

const KEY_A = '0b6f8f0e-4a1c-4d2b-9e3f-5a6b7c8d9e0f';
const KEY_B = '1c7a9b1f-5b2d-4e3c-8f4a-6b7c8d9e0f1a';

const memoryStorage = (): OutboxStorage & { data: Map<string, string> } => {
  const data = new Map<string, string>();
  return { data, getItem: (key) => data.get(key) ?? null, setItem: (key, value) => void data.set(key, value) };
};

const collection = (clientKey: string, amount = 20_000) => ({
  clientKey,
  receiptNumber: 'AG-0001-K3F9Q2',
  customerId: 'c1',
  purpose: 'loan_repayment',
  loanId: '8b2c3d4e-5f6a-4b7c-9d8e-0f1a2b3c4d5e',
  amount,
  recordedAt: '2026-03-02T07:15:00.000Z',
});

/** A server that applies each key once and answers a repeat with the first result. */
function fakeServer() {
  const applied = new Map<string, unknown>();
  const requests: { path: string; body: unknown; key: string }[] = [];
  const apply = (path: string, body: unknown, key: string) => {
    requests.push({ path, body, key });
    if (!applied.has(key)) applied.set(key, { id: `payment-${applied.size + 1}`, body });
    return applied.get(key);
  };
  return { applied, requests, apply };
}

const offline = () => new ApiError(0, 'network_error', 'Could not reach EcoGrid.');

const make = (storage: OutboxStorage, send: SendAction) => createOutbox({ storage, storageKey: 'outbox', send });

afterEach(() => vi.useRealTimers());

describe('the offline queue', () => {
  it('keeps an action on the phone before anything is sent', () => {
    const storage = memoryStorage();
    make(storage, vi.fn()).enqueue('collection', '/api/agent/collections', collection(KEY_A), {
      customerName: 'Nakato Sarah',
    });
    const again = make(storage, vi.fn());
    expect(again.items().map((item) => [item.key, item.status])).toEqual([[KEY_A, 'waiting']]);
  });

  it('sends an action whose first answer was lost again with the same key and body, applied once', async () => {
    const storage = memoryStorage();
    const server = fakeServer();
    let loseAnswer = true;
    const send: SendAction = async (path, body, key) => {
      const answer = server.apply(path, body, key);
      if (loseAnswer) {
        loseAnswer = false;
        throw offline();
      }
      return answer;
    };
    const outbox = make(storage, send);
    outbox.enqueue('collection', '/api/agent/collections', collection(KEY_A), { customerName: 'Nakato Sarah' });

    expect(await outbox.flush()).toBe(false);
    expect(outbox.items()[0]).toMatchObject({ status: 'waiting', attempts: 1 });
    expect(await outbox.flush()).toBe(true);

    expect(server.requests).toHaveLength(2);
    expect(new Set(server.requests.map((r) => r.key))).toEqual(new Set([KEY_A]));
    expect(server.requests[1]!.body).toEqual(server.requests[0]!.body);
    expect(server.applied.size).toBe(1);
    expect(outbox.items()[0]).toMatchObject({ status: 'done', attempts: 2, result: { id: 'payment-1' } });
  });

  it('after a crash mid-send sends the action again with the same key from storage', async () => {
    const storage = memoryStorage();
    const server = fakeServer();
    // The first phone session dies while its request is out: the answer never comes.
    const hanging: SendAction = (path, body, key) => {
      server.apply(path, body, key);
      return new Promise(() => undefined);
    };
    const before = make(storage, hanging);
    before.enqueue('collection', '/api/agent/collections', collection(KEY_A), { customerName: 'Nakato Sarah' });
    void before.flush();
    await Promise.resolve();

    const after = make(storage, async (path, body, key) => server.apply(path, body, key));
    expect(after.items()[0]).toMatchObject({ key: KEY_A, status: 'waiting' });
    expect(await after.flush()).toBe(true);

    expect(server.requests.map((r) => r.key)).toEqual([KEY_A, KEY_A]);
    expect(server.requests[1]!.body).toEqual(collection(KEY_A));
    expect(server.applied.size).toBe(1);
    expect(after.items()[0]!.status).toBe('done');
  });

  it('sends in the order recorded, and one without an answer holds back the later ones', async () => {
    const storage = memoryStorage();
    const keys: string[] = [];
    let online = false;
    const outbox = make(storage, async (_path, _body, key) => {
      keys.push(key);
      if (!online) throw new ApiError(503, 'http_error', 'Busy');
      return {};
    });
    outbox.enqueue('collection', '/api/agent/collections', collection(KEY_A), { customerName: 'A' });
    outbox.enqueue(
      'visit-note',
      '/api/agent/visit-notes',
      { clientKey: KEY_B, note: 'Came back' },
      { customerName: 'B' },
    );
    expect(await outbox.flush()).toBe(false);
    expect(keys).toEqual([KEY_A]);
    online = true;
    expect(await outbox.flush()).toBe(true);
    expect(keys).toEqual([KEY_A, KEY_A, KEY_B]);
  });

  it("marks a 4xx refused with the server's reason, goes on, and lets the agent dismiss it", async () => {
    const storage = memoryStorage();
    const outbox = make(storage, async (_path, _body, key) => {
      if (key === KEY_A) throw new ApiError(422, 'consent_required', 'The customer has not agreed yet.');
      return { ok: true };
    });
    outbox.enqueue('collection', '/api/agent/collections', collection(KEY_A), { customerName: 'A' });
    outbox.enqueue('collection', '/api/agent/collections', collection(KEY_B), { customerName: 'B' });
    expect(await outbox.flush()).toBe(true);
    expect(outbox.items().map((item) => [item.status, item.reason])).toEqual([
      ['refused', 'The customer has not agreed yet.'],
      ['done', undefined],
    ]);
    expect(outbox.waitingCount()).toBe(1);
    outbox.dismiss(KEY_A);
    expect(
      make(storage, vi.fn())
        .items()
        .map((item) => item.key),
    ).toEqual([KEY_B]);
  });

  it('does not record the same key twice', () => {
    const outbox = make(memoryStorage(), vi.fn());
    outbox.enqueue('collection', '/api/agent/collections', collection(KEY_A), { customerName: 'A' });
    outbox.enqueue('collection', '/api/agent/collections', collection(KEY_A), { customerName: 'A' });
    expect(outbox.items()).toHaveLength(1);
  });

  it('retries with a growing wait, and at once when the phone is back online', async () => {
    vi.useFakeTimers();
    const target = new EventTarget();
    let online = false;
    const send = vi.fn(async () => {
      if (!online) throw offline();
      return {};
    });
    const outbox = make(memoryStorage(), send);
    outbox.enqueue('collection', '/api/agent/collections', collection(KEY_A), { customerName: 'A' });
    const stop = keepSending(outbox, target as unknown as Window);
    await vi.advanceTimersByTimeAsync(0);
    expect(send).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(retryDelayMs(1));
    expect(send).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(retryDelayMs(2) - 1);
    expect(send).toHaveBeenCalledTimes(2);
    online = true;
    target.dispatchEvent(new Event('online'));
    await vi.advanceTimersByTimeAsync(0);
    expect(send).toHaveBeenCalledTimes(3);
    expect(outbox.items()[0]!.status).toBe('done');
    stop();
  });
});
