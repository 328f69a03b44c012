import type { Kyc, KycAddress, KycDocumentKind, KycIdentity, KycPersonal } from '@ecogrid/core/kyc';
import { apiFetch } from '@/lib/api-client.ts';
import { uploadFile } from '@/lib/upload.ts';

export type { Kyc, KycDocument, KycDocumentKind, KycStatus } from '@ecogrid/core/kyc';

/**
 * Whose check a screen works on: the signed-in customer's own (`/api/kyc`), or, for an agent,
 * a customer who consented (`/api/agent/customers/{id}/kyc`).
 */
export const kycBase = (customerId?: string) =>
  customerId ? `/api/agent/customers/${encodeURIComponent(customerId)}/kyc` : '/api/kyc';

export { kycQuery } from '@/lib/shared-queries.ts';

const put = (path: string, body: unknown) =>
  apiFetch<Kyc>(path, { method: 'PUT', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });

export const savePersonal = (base: string, body: KycPersonal) => put(`${base}/personal`, body);
export const saveAddress = (base: string, body: KycAddress) => put(`${base}/address`, body);
export const saveIdentity = (base: string, body: KycIdentity) => put(`${base}/identity`, body);
export const submitKyc = (base: string) => apiFetch<Kyc>(`${base}/submit`, { method: 'POST' });

/** Uploads one document with progress: on 3G a photo takes a while. */
export const uploadDocument = (
  base: string,
  kind: KycDocumentKind,
  file: Blob,
  name: string,
  onProgress: (fraction: number) => void,
  signal?: AbortSignal,
) => uploadFile<Kyc>(`${base}/documents/${kind}`, file, onProgress, { name, signal });
