import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button.tsx';
import { FormAlert } from '@/components/ui/form-alert.tsx';
import { ApiError } from '@/lib/api-client.ts';
import { DEVICE_FILE_COLUMNS, devicesKey, importDevices, MAX_DEVICE_FILE_BYTES } from './devices-api.ts';
import { useErrorText } from '@/components/admin/admin-error.tsx';

/** Every bad line the server found in the file, when it listed them. */
const problemsOf = (error: unknown) => (error instanceof ApiError ? error.problems : []);

/**
 * Importing a manufacturer's CSV file. The file is checked here for size only; the server checks
 * every line and imports all of it or none, naming the lines at fault.
 */
export function DeviceImport() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const errorText = useErrorText();
  const input = useRef<HTMLInputElement>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [done, setDone] = useState<number | null>(null);
  const upload = useMutation({
    mutationFn: async (file: File) => importDevices(await file.text()),
    onSuccess: async ({ imported }) => {
      setDone(imported);
      if (input.current) input.current.value = '';
      await queryClient.invalidateQueries({ queryKey: devicesKey });
    },
  });

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setDone(null);
    upload.reset();
    const file = input.current?.files?.[0];
    const found = !file
      ? t('adminLoans.devices.chooseFile')
      : file.size > MAX_DEVICE_FILE_BYTES
        ? t('adminLoans.devices.tooLarge')
        : null;
    setProblem(found);
    if (found || !file) {
      input.current?.focus();
      return;
    }
    upload.mutate(file);
  };

  const busy = upload.isPending;
  return (
    <form onSubmit={submit} noValidate className="space-y-3 rounded-lg border border-stone-200 bg-white p-4">
      <div className="space-y-1">
        <label htmlFor="device-file" className="block text-sm font-medium">
          {t('adminLoans.devices.fileLabel')}
        </label>
        <input
          ref={input}
          id="device-file"
          type="file"
          accept=".csv,text/csv"
          aria-invalid={problem ? true : undefined}
          aria-describedby={[problem ? 'device-file-error' : '', 'device-file-hint'].filter(Boolean).join(' ')}
          onChange={() => {
            setProblem(null);
            setDone(null);
          }}
          className="block min-h-11 w-full rounded-lg border border-stone-300 bg-white p-2 text-base"
        />
        {problem && (
          <p id="device-file-error" className="text-sm font-medium text-red-800">
            {problem}
          </p>
        )}
        <p id="device-file-hint" className="text-sm text-stone-600">
          {t('adminLoans.devices.fileHint')} <code className="break-all">{DEVICE_FILE_COLUMNS.join(',')}</code>
        </p>
      </div>
      {upload.isError &&
        (problemsOf(upload.error).length > 0 ? (
          <div role="alert" className="rounded-lg border border-red-200 bg-red-50 p-3 text-red-900">
            <p>{t('adminLoans.devices.problemsIntro', { count: problemsOf(upload.error).length })}</p>
            <ul className="mt-2 list-disc space-y-1 pl-5">
              {problemsOf(upload.error).map((problem) => (
                <li key={problem} className="break-words">
                  {problem}
                </li>
              ))}
            </ul>
          </div>
        ) : (
          <FormAlert>{errorText(upload.error)}</FormAlert>
        ))}
      <p role="status" className="text-sm font-medium text-green-800 empty:hidden">
        {done !== null ? t('adminLoans.devices.imported', { count: done }) : ''}
      </p>
      <Button type="submit" disabled={busy} aria-busy={busy}>
        {busy ? t('adminLoans.devices.importing') : t('adminLoans.devices.import')}
      </Button>
    </form>
  );
}
