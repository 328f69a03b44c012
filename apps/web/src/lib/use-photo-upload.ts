import { useEffect, useState } from 'react';
import { ApiError } from './api-client.ts';
import { shrinkPhoto } from './shrink-photo.ts';

/** The photo to send: shrunk on the phone when the browser can redraw it, else as chosen (the server checks it anyway). */
export async function shrunkForUpload(file: File): Promise<Blob> {
  if (!file.type.startsWith('image/')) return file;
  try {
    return await shrinkPhoto(file);
  } catch {
    return file;
  }
}

export type UploadProgress = { stage: 'shrinking' } | { stage: 'uploading'; fraction: number } | null;

/**
 * Choosing a photo and sending it: the type checked when the phone names one, the photo shrunk
 * on the phone (a shrunk copy shown as a preview), its size checked, then sent with progress. A
 * refusal shows the server's message; `failed` is said when the server gave none.
 */
export function usePhotoUpload<T>(options: {
  accepted: readonly string[];
  maxBytes: number;
  send: (upload: Blob, name: string, onProgress: (fraction: number) => void) => Promise<T>;
  onSent: (answer: T) => void;
  words: { wrongType: string; tooLarge: string; failed: string };
}) {
  const [progress, setProgress] = useState<UploadProgress>(null);
  const [error, setError] = useState<string | null>(null);
  const [preview, setPreview] = useState<string | null>(null);
  useEffect(() => () => void (preview && URL.revokeObjectURL(preview)), [preview]);
  const { accepted, maxBytes, send, onSent, words } = options;

  const choose = async (file: File | undefined) => {
    if (!file) return;
    setError(null);
    // Some phones' file pickers give no type: the server judges those by their bytes.
    if (file.type && !accepted.includes(file.type)) return setError(words.wrongType);
    setProgress({ stage: 'shrinking' });
    const upload = await shrunkForUpload(file);
    if (upload !== file) setPreview(URL.createObjectURL(upload));
    if (upload.size > maxBytes) {
      setProgress(null);
      return setError(words.tooLarge);
    }
    setProgress({ stage: 'uploading', fraction: 0 });
    try {
      onSent(await send(upload, file.name, (fraction) => setProgress({ stage: 'uploading', fraction })));
    } catch (cause) {
      setError(cause instanceof ApiError ? cause.message : words.failed);
    } finally {
      setProgress(null);
    }
  };
  return { progress, error, preview, choose, busy: progress !== null };
}
