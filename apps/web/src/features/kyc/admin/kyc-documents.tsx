import { useQuery } from '@tanstack/react-query';
import { useCallback, useId, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, buttonClass } from '@/components/ui/button.tsx';
import { FormAlert } from '@/components/ui/form-alert.tsx';
import { useFormats } from '@/lib/formats.ts';
import { KYC_DOCUMENT_KINDS, kycDocumentQuery, type AdminKyc, type KycDocumentKind } from './api.ts';
import { UploadedBy } from './kyc-history.tsx';

const card = 'rounded-lg border border-stone-200 bg-white p-4';

/** File sizes in the admin's language: 830 kB, 1.2 MB. */
function useFileSize() {
  const { i18n } = useTranslation();
  const locale = i18n.resolvedLanguage ?? 'en';
  return (bytes: number) =>
    bytes >= 1_000_000
      ? new Intl.NumberFormat(locale, { style: 'unit', unit: 'megabyte', maximumFractionDigits: 1 }).format(
          bytes / 1_000_000,
        )
      : new Intl.NumberFormat(locale, { style: 'unit', unit: 'kilobyte', maximumFractionDigits: 0 }).format(
          Math.max(1, bytes / 1_000),
        );
}

/**
 * A ref that points an <img>'s src or an <a>'s href at the blob while the element is on the
 * page, and revokes the object URL when it leaves (or the blob changes).
 */
function useBlobRef<T extends HTMLImageElement | HTMLAnchorElement>(blob: Blob) {
  return useCallback(
    (element: T | null) => {
      if (!element) return;
      const url = URL.createObjectURL(blob);
      if (element instanceof HTMLImageElement) element.src = url;
      else element.href = url;
      return () => URL.revokeObjectURL(url);
    },
    [blob],
  );
}

function DocumentImage({ blob, alt }: { blob: Blob; alt: string }) {
  const { t } = useTranslation();
  const image = useBlobRef<HTMLImageElement>(blob);
  const link = useBlobRef<HTMLAnchorElement>(blob);
  return (
    <div className="space-y-2">
      <img ref={image} alt={alt} className="max-h-[32rem] w-full rounded bg-stone-100 object-contain" />
      <a
        ref={link}
        target="_blank"
        rel="noopener"
        className="inline-flex min-h-11 items-center text-sm font-medium text-brand-800 underline"
      >
        {t('kycReview.openFull')}
      </a>
    </div>
  );
}

function DocumentDownload({ blob, fileName }: { blob: Blob; fileName: string }) {
  const { t } = useTranslation();
  const link = useBlobRef<HTMLAnchorElement>(blob);
  return (
    <div className="space-y-3">
      <p className="text-sm text-stone-700">{t('kycReview.pdfNote')}</p>
      <a ref={link} download={fileName} type="application/pdf" className={buttonClass('secondary', 'w-full sm:w-auto')}>
        {t('kycReview.downloadPdf')}
      </a>
    </div>
  );
}

/** One document: loaded with progress, then the photo (or the PDF to download); failures can be tried again. */
function DocumentView({
  document,
  owner,
  userId,
}: {
  document: AdminKyc['documents'][number];
  owner: string;
  userId: string;
}) {
  const { t } = useTranslation();
  const formats = useFormats();
  const fileSize = useFileSize();
  const [received, setReceived] = useState(0);
  const query = useQuery(kycDocumentQuery(document.id, setReceived));
  const progressId = useId();
  const pdf = document.contentType === 'application/pdf';
  const percent = document.bytes > 0 ? Math.min(100, Math.round((received * 100) / document.bytes)) : 0;

  let body: ReactNode;
  if (query.isError && !query.isFetching) {
    body = (
      <div className="space-y-3">
        <FormAlert>{t(`kycReview.documentFailed.${document.kind}`)}</FormAlert>
        <Button
          variant="secondary"
          onClick={() => {
            setReceived(0);
            void query.refetch();
          }}
        >
          {t('kycReview.retry')}
        </Button>
      </div>
    );
  } else if (!query.data) {
    body = (
      <div className="space-y-2">
        <p role="status" id={progressId} className="text-sm text-stone-700">
          {t(`kycReview.loadingDocument.${document.kind}`)}
        </p>
        <div aria-hidden="true" className="aspect-[4/3] w-full animate-pulse rounded bg-stone-200" />
        <progress max={100} value={percent} aria-labelledby={progressId} className="h-2 w-full accent-brand-800">
          {percent}%
        </progress>
      </div>
    );
  } else if (pdf) {
    body = <DocumentDownload blob={query.data} fileName={`${document.kind}-${userId}.pdf`} />;
  } else {
    body = <DocumentImage blob={query.data} alt={t(`kycReview.documentAlt.${document.kind}`, { name: owner })} />;
  }

  return (
    <figure className={`min-w-0 space-y-3 ${card}`}>
      <figcaption className="space-y-1">
        <h3 className="font-semibold">{t(`kycReview.documentKinds.${document.kind}`)}</h3>
        <p className="text-sm text-stone-700">
          {pdf ? 'PDF' : document.contentType === 'image/png' ? 'PNG' : 'JPEG'} · {fileSize(document.bytes)} ·{' '}
          <time dateTime={document.uploadedAt}>
            {t('kycReview.uploadedAt', { time: formats.stamp(document.uploadedAt) })}
          </time>
        </p>
        {document.uploadedByAgent && <UploadedBy actor={document.uploadedBy} />}
      </figcaption>
      {body}
    </figure>
  );
}

/** The latest upload of each kind, or a line saying it is missing. */
export function Documents({ kyc, owner }: { kyc: AdminKyc; owner: string }) {
  const { t } = useTranslation();
  const latest = (kind: KycDocumentKind) =>
    kyc.documents.filter((d) => d.kind === kind).sort((a, b) => b.uploadedAt.localeCompare(a.uploadedAt))[0];
  return (
    <div className="grid gap-3 sm:grid-cols-2">
      {KYC_DOCUMENT_KINDS.map((kind) => {
        const document = latest(kind);
        return document ? (
          <DocumentView key={document.id} document={document} owner={owner} userId={kyc.userId} />
        ) : (
          <div key={kind} className={`space-y-1 ${card}`}>
            <h3 className="font-semibold">{t(`kycReview.documentKinds.${kind}`)}</h3>
            <p className="text-stone-700">{t('kycReview.noDocument')}</p>
          </div>
        );
      })}
    </div>
  );
}
