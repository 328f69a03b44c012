/**
 * Shrinks a photo in a worker of the app's own, so a slow phone's page stays responsive while it
 * works. (The library's own worker mode loads the library again from a public CDN, which the
 * Content-Security-Policy forbids: nothing runs from another origin.) Rejects when the browser
 * cannot do it; the caller then sends the photo as it is.
 */
export function shrinkPhoto(file: File): Promise<Blob> {
  if (typeof Worker === 'undefined') return Promise.reject(new Error('No workers in this browser'));
  return new Promise((resolve, reject) => {
    const worker = new Worker(new URL('./shrink-photo.worker.ts', import.meta.url), { type: 'module' });
    worker.onmessage = (event: MessageEvent<Blob | { error: string }>) => {
      worker.terminate();
      if (event.data instanceof Blob) resolve(event.data);
      else reject(new Error(event.data.error));
    };
    worker.onerror = (event) => {
      worker.terminate();
      reject(new Error(event.message));
    };
    worker.postMessage(file);
  });
}
