import { useEffect, useState } from 'react';
import { ApiError } from './api-client.ts';
import { shrinkPhoto } from './shrink-photo.ts';

/** The photo to send: shrunk on the phone when the browser can redraw it, else as chosen (the server checks it anyway). */
async function shrunkForUpload(file: File): Promise<Blob> {
  if (!file.type.startsWith('image/')) return file;
  try {
    return await shrinkPhoto(file);
  } catch {
    return file;
  }
}

type Send<T> = (upload: Blob, name: string, onProgress: (fraction: number) => void) => Promise<T>;

/**
 * Shrinks a chosen photo, checks its size and sends it: the server's answer, or the reason it
 * was not sent (the server's message, else `failed`). `onStage` hears each step, for progress.
 */
export async function sendPhoto<T>(
  file: File,
  options: {
    maxBytes: number;
    send: Send<T>;
    words: { tooLarge: string; failed: string };
    onStage?: (stage: NonNullable<UploadProgress>) => void;
    /** The copy made on the phone, when the browser could shrink it (for a preview). */
    onShrunk?: (shrunk: Blob) => void;
  },
): Promise<{ answer: T; problem: null } | { answer: null; problem: string }> {
  const { maxBytes, send, words, onStage, onShrunk } = options;
  onStage?.({ stage: 'shrinking' });
  const upload = await shrunkForUpload(file);
  if (upload !== file) onShrunk?.(upload);
  if (upload.size > maxBytes) return { answer: null, problem: words.tooLarge };
  onStage?.({ stage: 'uploading', fraction: 0 });
  try {
    const answer = await send(upload, file.name, (fraction) => onStage?.({ stage: 'uploading', fraction }));
    return { answer, problem: null };
  } catch (cause) {
    return { answer: null, problem: cause instanceof ApiError ? cause.message : words.failed };
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
  send: Send<T>;
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
    const sent = await sendPhoto(file, {
      maxBytes,
      send,
      words,
      onStage: setProgress,
      onShrunk: (shrunk) => setPreview(URL.createObjectURL(shrunk)),
    });
    setProgress(null);
    if (sent.problem === null) onSent(sent.answer);
    else setError(sent.problem);
  };
  return { progress, error, preview, choose, busy: progress !== null };
}
