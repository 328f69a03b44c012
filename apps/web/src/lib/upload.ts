import { ApiError, languageHeader, networkError, requestFailed, type ErrorBody } from './api-client.ts';

/**
 * Sends one file (multipart, field "file") with progress: fetch cannot report an upload's
 * progress, XMLHttpRequest can. `onProgress` gets 0 to 1 as the bytes leave the phone; a refusal
 * becomes an ApiError with the server's message, like any other request's.
 */
export function uploadFile<T>(
  url: string,
  file: Blob,
  onProgress: (fraction: number) => void,
  options: { name?: string; signal?: AbortSignal } = {},
): Promise<T> {
  const { name, signal } = options;
  return new Promise((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open('POST', url);
    request.setRequestHeader('Accept', 'application/json');
    request.setRequestHeader('Accept-Language', languageHeader()['Accept-Language']);
    request.withCredentials = true;
    request.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress(event.loaded / event.total);
    };
    request.onload = () => {
      let body: unknown = null;
      try {
        body = JSON.parse(request.responseText);
      } catch {
        // Not JSON (a proxy's error page): the status says enough.
      }
      if (request.status >= 200 && request.status < 300) return resolve(body as T);
      const error = (body as ErrorBody | null)?.error;
      reject(
        new ApiError(request.status, error?.code ?? 'http_error', error?.message ?? requestFailed(request.status)),
      );
    };
    const offline = () => reject(networkError());
    request.onerror = offline;
    request.ontimeout = offline;
    request.onabort = () => reject(new DOMException('The upload was stopped.', 'AbortError'));
    signal?.addEventListener('abort', () => request.abort());
    const form = new FormData();
    if (name === undefined) form.append('file', file);
    else form.append('file', file, name);
    request.send(form);
  });
}
