import { afterEach, describe, expect, it, vi } from 'vitest';
import { shrinkPhoto } from './shrink-photo.ts';

class FakeWorker {
  static last: FakeWorker | undefined;
  onmessage: ((event: MessageEvent) => void) | null = null;
  onerror: ((event: ErrorEvent) => void) | null = null;
  posted: unknown;
  terminated = false;
  constructor(
    readonly url: URL,
    readonly options: WorkerOptions,
  ) {
    FakeWorker.last = this;
  }
  postMessage(data: unknown) {
    this.posted = data;
  }
  terminate() {
    this.terminated = true;
  }
}

afterEach(() => vi.unstubAllGlobals());

describe('shrinkPhoto', () => {
  it("hands the photo to the app's own bundled worker and gives back what it made", async () => {
    vi.stubGlobal('Worker', FakeWorker);
    const photo = new File(['big'], 'id.jpg', { type: 'image/jpeg' });
    const shrinking = shrinkPhoto(photo);
    const worker = FakeWorker.last!;
    expect(worker.url.href).toMatch(/\/shrink-photo\.worker\.ts$/);
    expect(new URL(worker.url.href, 'http://app.test').origin).not.toMatch(/jsdelivr|unpkg|cdn/);
    expect(worker.posted).toBe(photo);
    const small = new Blob(['s'], { type: 'image/jpeg' });
    worker.onmessage!(new MessageEvent('message', { data: small }));
    await expect(shrinking).resolves.toBe(small);
    expect(worker.terminated).toBe(true);
  });

  it('fails when the worker cannot shrink the photo, so the caller sends it as it is', async () => {
    vi.stubGlobal('Worker', FakeWorker);
    const shrinking = shrinkPhoto(new File(['x'], 'id.png', { type: 'image/png' }));
    FakeWorker.last!.onmessage!(new MessageEvent('message', { data: { error: 'cannot decode' } }));
    await expect(shrinking).rejects.toThrow('cannot decode');
    expect(FakeWorker.last!.terminated).toBe(true);
  });
});
