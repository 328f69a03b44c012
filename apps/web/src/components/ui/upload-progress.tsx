import type { UploadProgress } from '@/lib/use-photo-upload.ts';

/** What a photo's upload is doing, read out as it changes: shrinking, then a bar of the bytes sent. */
export function UploadProgressNote({
  progress,
  words,
}: {
  progress: UploadProgress;
  words: { shrinking: string; uploading: (percent: number) => string; bar: string };
}) {
  const percent = progress?.stage === 'uploading' ? Math.round(progress.fraction * 100) : 0;
  return (
    <div aria-live="polite" className="text-sm">
      {progress?.stage === 'shrinking' && <p>{words.shrinking}</p>}
      {progress?.stage === 'uploading' && (
        <div className="space-y-1">
          <p>{words.uploading(percent)}</p>
          <progress className="h-2 w-full" max={100} value={percent} aria-label={words.bar} />
        </div>
      )}
    </div>
  );
}
