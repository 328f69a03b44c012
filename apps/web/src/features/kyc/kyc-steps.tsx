import {
  KYC_CHECKS,
  KYC_DOCUMENT_TYPES,
  KYC_MAX_BYTES,
  KYC_MIN_AGE,
  kycIdentitySchema,
  kycPersonalSchema,
  type Kyc,
  type KycDocumentKind,
} from '@ecogrid/core/kyc';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button.tsx';
import { FormAlert } from '@/components/ui/form-alert.tsx';
import { PhotoPicker } from '@/components/ui/photo-picker.tsx';
import { PlaceFields, type PlaceChoice } from '@/components/ui/place-fields.tsx';
import { TextField } from '@/components/ui/text-field.tsx';
import { UploadProgressNote } from '@/components/ui/upload-progress.tsx';
import { ApiError } from '@/lib/api-client.ts';
import { useFormats } from '@/lib/formats.ts';
import { usePhotoUpload } from '@/lib/use-photo-upload.ts';
import { kycQuery, saveAddress, saveIdentity, savePersonal, uploadDocument } from './api.ts';

type StepProps = { base: string; kyc: Kyc; onSaved: () => void };

const CHECK_KEYS = new Map<string, string>(Object.entries(KYC_CHECKS).map(([key, text]) => [text, key]));

/** A form check's words in the reader's language (core says them in English). */
function useCheckText() {
  const { t } = useTranslation();
  return (message: string) => {
    const key = CHECK_KEYS.get(message);
    return key ? t(`kyc.check.${key}`, { defaultValue: message, age: KYC_MIN_AGE }) : message;
  };
}

/** The field errors of a zod result, by field name, in the reader's language. */
function fieldErrors(
  issues: { path: PropertyKey[]; message: string }[],
  say: (message: string) => string,
): Record<string, string> {
  const out: Record<string, string> = {};
  for (const issue of issues) {
    const field = String(issue.path[0] ?? '');
    out[field] ??= say(issue.message);
  }
  return out;
}

/** A save of one step: the answer replaces the check on screen; a refusal is shown as the server says it. */
function useSave<T>(base: string, send: (body: T) => Promise<Kyc>, onSaved: () => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: send,
    onSuccess: (kyc) => {
      queryClient.setQueryData(kycQuery(base).queryKey, kyc);
      void queryClient.invalidateQueries({ queryKey: ['me'] });
      onSaved();
    },
  });
}

function ServerError({ error }: { error: unknown }) {
  const { t } = useTranslation();
  if (!error) return null;
  return <FormAlert>{error instanceof ApiError ? error.message : t('kyc.saveFailed')}</FormAlert>;
}

export function PersonalStep({ base, kyc, onSaved }: StepProps) {
  const { t } = useTranslation();
  const say = useCheckText();
  const [errors, setErrors] = useState<Record<string, string>>({});
  const save = useSave(base, (body: unknown) => savePersonal(base, body as never), onSaved);
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const parsed = kycPersonalSchema.safeParse({
      legalName: String(form.get('legalName') ?? ''),
      dateOfBirth: String(form.get('dateOfBirth') ?? ''),
      gender: form.get('gender') ?? undefined,
    });
    if (!parsed.success) return setErrors(fieldErrors(parsed.error.issues, say));
    setErrors({});
    save.mutate(parsed.data);
  };
  return (
    <form onSubmit={submit} noValidate className="space-y-3" aria-busy={save.isPending}>
      <TextField
        id="kyc-legal-name"
        name="legalName"
        label={t('kyc.personal.legalName')}
        hint={t('kyc.personal.legalNameHint')}
        defaultValue={kyc.personal?.legalName ?? ''}
        autoComplete="name"
        error={errors.legalName}
      />
      <TextField
        id="kyc-date-of-birth"
        name="dateOfBirth"
        type="date"
        label={t('kyc.personal.dateOfBirth')}
        defaultValue={kyc.personal?.dateOfBirth ?? ''}
        autoComplete="bday"
        error={errors.dateOfBirth}
      />
      <fieldset className="space-y-1" aria-describedby={errors.gender ? 'kyc-gender-error' : undefined}>
        <legend className="text-sm font-medium">{t('kyc.personal.gender')}</legend>
        <div className="flex gap-3">
          {(['female', 'male'] as const).map((gender) => (
            <label key={gender} className="flex min-h-11 items-center gap-2 rounded-lg border border-stone-300 px-3">
              <input type="radio" name="gender" value={gender} defaultChecked={kyc.personal?.gender === gender} />
              {t(`kyc.personal.${gender}`)}
            </label>
          ))}
        </div>
        {errors.gender && (
          <p id="kyc-gender-error" className="text-sm font-medium text-red-800">
            {errors.gender}
          </p>
        )}
      </fieldset>
      <ServerError error={save.error} />
      <Button type="submit" disabled={save.isPending}>
        {save.isPending ? t('kyc.saving') : t('kyc.saveAndContinue')}
      </Button>
    </form>
  );
}

export function AddressStep({ base, kyc, onSaved }: StepProps) {
  const { t } = useTranslation();
  const [choice, setChoice] = useState<PlaceChoice>({ district: null, subCounty: null, village: null });
  const [errors, setErrors] = useState<Partial<Record<keyof PlaceChoice, string>>>({});
  const save = useSave(
    base,
    (body: { district: string; subCounty: string; village: string }) => saveAddress(base, body),
    onSaved,
  );
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const missing = (['district', 'subCounty', 'village'] as const).filter((name) => !choice[name]);
    if (missing.length > 0) {
      return setErrors(Object.fromEntries(missing.map((name) => [name, t(`kyc.address.choose.${name}`)])));
    }
    setErrors({});
    save.mutate({ district: choice.district!.name, subCounty: choice.subCounty!.name, village: choice.village!.name });
  };
  return (
    <form onSubmit={submit} noValidate className="space-y-3" aria-busy={save.isPending}>
      {kyc.address && (
        <p className="text-sm text-stone-700">
          {t('kyc.address.saved', {
            place: `${kyc.address.village}, ${kyc.address.subCounty}, ${kyc.address.district}`,
          })}
        </p>
      )}
      <PlaceFields idPrefix="kyc" value={choice} onChange={setChoice} errors={errors} disabled={save.isPending} />
      <ServerError error={save.error} />
      <Button type="submit" disabled={save.isPending}>
        {save.isPending ? t('kyc.saving') : t('kyc.saveAndContinue')}
      </Button>
    </form>
  );
}

export function IdentityStep({ base, kyc, onSaved }: StepProps) {
  const { t } = useTranslation();
  const say = useCheckText();
  const [idType, setIdType] = useState(kyc.identity?.idType ?? 'national_id');
  const [error, setError] = useState<string | undefined>();
  const save = useSave(base, (body: unknown) => saveIdentity(base, body as never), onSaved);
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const parsed = kycIdentitySchema.safeParse({ idType, idNumber: String(form.get('idNumber') ?? '') });
    if (!parsed.success) return setError(say(parsed.error.issues[0]?.message ?? ''));
    setError(undefined);
    save.mutate(parsed.data);
  };
  return (
    <form onSubmit={submit} noValidate className="space-y-3" aria-busy={save.isPending}>
      <fieldset className="space-y-1">
        <legend className="text-sm font-medium">{t('kyc.identity.type')}</legend>
        <div className="flex flex-col gap-2">
          {(['national_id', 'alien_id'] as const).map((type) => (
            <label key={type} className="flex min-h-11 items-center gap-2 rounded-lg border border-stone-300 px-3">
              <input
                type="radio"
                name="idType"
                value={type}
                checked={idType === type}
                onChange={() => setIdType(type)}
              />
              {t(`kyc.identity.${type}`)}
            </label>
          ))}
        </div>
      </fieldset>
      <TextField
        key={idType}
        id="kyc-id-number"
        name="idNumber"
        label={t(idType === 'national_id' ? 'kyc.identity.nin' : 'kyc.identity.alienNumber')}
        hint={t(idType === 'national_id' ? 'kyc.identity.ninHint' : 'kyc.identity.alienHint')}
        defaultValue={kyc.identity?.idType === idType ? kyc.identity.idNumber : ''}
        autoCapitalize="characters"
        autoComplete="off"
        spellCheck={false}
        maxLength={30}
        error={error}
      />
      <ServerError error={save.error} />
      <Button type="submit" disabled={save.isPending}>
        {save.isPending ? t('kyc.saving') : t('kyc.saveAndContinue')}
      </Button>
    </form>
  );
}

export function DocumentStep({ base, kyc, onSaved, kind }: StepProps & { kind: KycDocumentKind }) {
  const { t } = useTranslation();
  const formats = useFormats();
  const queryClient = useQueryClient();
  const current = kyc.documents.find((d) => d.kind === kind);
  const accepted = KYC_DOCUMENT_TYPES[kind];
  const inputId = `kyc-${kind}`;
  const { progress, error, preview, choose, busy } = usePhotoUpload({
    accepted,
    maxBytes: KYC_MAX_BYTES,
    send: (upload, name, onProgress) => uploadDocument(base, kind, upload, name, onProgress),
    onSent: (kycNow) => {
      queryClient.setQueryData(kycQuery(base).queryKey, kycNow);
      void queryClient.invalidateQueries({ queryKey: ['me'] });
      onSaved();
    },
    words: {
      wrongType: t(kind === 'selfie' ? 'kyc.document.wrongTypeSelfie' : 'kyc.document.wrongType'),
      tooLarge: t('kyc.document.tooLarge'),
      failed: t('kyc.saveFailed'),
    },
  });

  return (
    <div className="space-y-3" aria-busy={busy}>
      <p className="text-sm text-stone-700">{t(`kyc.document.${kind}Hint`)}</p>
      {current && (
        <p className="text-sm font-medium text-brand-900">
          {t('kyc.document.uploaded', { date: formats.date(current.uploadedAt) })}
        </p>
      )}
      {preview && (
        <img
          src={preview}
          alt={t(`kyc.document.${kind}Preview`)}
          className="max-h-48 rounded-lg border border-stone-200"
        />
      )}
      <PhotoPicker
        id={inputId}
        label={t(current ? 'kyc.document.replace' : `kyc.document.${kind}Choose`)}
        accepted={accepted}
        capture={kind === 'selfie' ? 'user' : undefined}
        busy={busy}
        onFile={(file) => void choose(file)}
      />
      <UploadProgressNote
        progress={progress}
        words={{
          shrinking: t('kyc.document.shrinking'),
          uploading: (percent) => t('kyc.document.uploading', { percent }),
          bar: t('kyc.document.uploadProgress'),
        }}
      />
      {error && <FormAlert>{error}</FormAlert>}
    </div>
  );
}
