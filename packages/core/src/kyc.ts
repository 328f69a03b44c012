import { z } from 'zod';

/**
 * Identity verification (KYC). A customer moves through five steps, in any order, and submits
 * when all are done; an admin then verifies or rejects (with a reason the customer sees and can
 * answer by resubmitting).
 */
export const KYC_STATUSES = ['pending', 'submitted', 'verified', 'rejected'] as const;
export type KycStatus = (typeof KYC_STATUSES)[number];

export const KYC_STEPS = ['personal', 'address', 'identity', 'idDocument', 'selfie'] as const;
export type KycStep = (typeof KYC_STEPS)[number];
export type KycSteps = Record<KycStep, boolean>;

/** The profile's kyc_completion_percentage: each of the five steps is a fifth, whatever the order. */
export function kycCompletion(steps: KycSteps): number {
  const done = KYC_STEPS.filter((step) => steps[step]).length;
  return Math.round((done * 100) / KYC_STEPS.length);
}

/** Details and documents may change only while nobody is checking them and they are not yet accepted. */
export const canEditKyc = (status: KycStatus) => status === 'pending' || status === 'rejected';

export const KYC_DOCUMENT_KINDS = ['id_document', 'selfie'] as const;
export type KycDocumentKind = (typeof KYC_DOCUMENT_KINDS)[number];

/** What each upload may be, checked by its content on the server: an ID may be a scanned PDF, a selfie is a photo. */
export const KYC_DOCUMENT_TYPES: Record<KycDocumentKind, readonly string[]> = {
  id_document: ['image/jpeg', 'image/png', 'application/pdf'],
  selfie: ['image/jpeg', 'image/png'],
};
export const KYC_MAX_BYTES = 5 * 1024 * 1024;

/** Adults only: credit is a contract. */
export const KYC_MIN_AGE = 18;
const MAX_AGE = 120;

/** Whole years between an ISO date of birth and `today` (both yyyy-mm-dd). */
export function ageOn(dateOfBirth: string, today: string): number {
  const [by, bm, bd] = dateOfBirth.split('-').map(Number) as [number, number, number];
  const [ty, tm, td] = today.split('-').map(Number) as [number, number, number];
  return ty - by - (tm < bm || (tm === bm && td < bd) ? 1 : 0);
}

const isRealDate = (value: string) => {
  const [y, m, d] = value.split('-').map(Number) as [number, number, number];
  const date = new Date(Date.UTC(y, m - 1, d));
  return date.getUTCFullYear() === y && date.getUTCMonth() === m - 1 && date.getUTCDate() === d;
};

const todayIso = () => new Date().toISOString().slice(0, 10);

/** What the identity check's forms say when a field is wrong, by a key the web app translates. */
export const KYC_CHECKS = {
  legalName: 'Enter your full name as it is on your ID',
  tooLong: 'At most 100 characters',
  lettersOnly: 'Use letters only, as on your ID',
  dateOfBirth: 'Enter your date of birth',
  noSuchDate: 'There is no such date',
  tooYoung: `You must be at least ${KYC_MIN_AGE} years old`,
  checkYear: 'Check the year of your date of birth',
  gender: 'Choose female or male, as on your ID',
  nin: 'A National ID Number (NIN) has 14 letters and digits and starts with CM or CF, as printed on your card',
  alienId: 'An alien ID number has 6 to 20 letters and digits, as printed on your card',
  idType: 'Choose Ugandan National ID or alien ID',
} as const;

/** Letters of any script, with spaces, apostrophes, dots and dashes after the first. */
export const LEGAL_NAME_PATTERN = /^[\p{L}][\p{L}' .-]*$/u;

export const kycPersonalSchema = z.strictObject({
  legalName: z
    .string({ error: KYC_CHECKS.legalName })
    .trim()
    .min(2, KYC_CHECKS.legalName)
    .max(100, KYC_CHECKS.tooLong)
    .regex(LEGAL_NAME_PATTERN, KYC_CHECKS.lettersOnly),
  dateOfBirth: z
    .string({ error: KYC_CHECKS.dateOfBirth })
    .regex(/^\d{4}-\d{2}-\d{2}$/, KYC_CHECKS.dateOfBirth)
    .refine(isRealDate, KYC_CHECKS.noSuchDate)
    .refine((value) => ageOn(value, todayIso()) >= KYC_MIN_AGE, KYC_CHECKS.tooYoung)
    .refine((value) => ageOn(value, todayIso()) <= MAX_AGE, KYC_CHECKS.checkYear),
  gender: z.enum(['female', 'male'], { error: KYC_CHECKS.gender }),
});
export type KycPersonal = z.infer<typeof kycPersonalSchema>;

const placeName = (what: string) =>
  z
    .string({ error: `Choose your ${what}` })
    .trim()
    .min(1, `Choose your ${what}`)
    .max(100, 'At most 100 characters');

/** Names from Uganda's administrative units; the server checks they exist and belong together. */
export const kycAddressSchema = z.strictObject({
  district: placeName('district'),
  subCounty: placeName('sub-county'),
  village: placeName('village'),
});
export type KycAddress = z.infer<typeof kycAddressSchema>;

/** Spaces and dashes as people type them are dropped, letters upper-cased. */
const compact = (value: string) => value.replace(/[\s-]+/g, '').toUpperCase();

/**
 * A Ugandan National Identification Number as printed on the card: 14 letters and digits, C for
 * a citizen, M or F, the last two digits of the year of birth, then NIRA's 10-character serial.
 * NIRA publishes no check digit, so the shape is all that can be checked here.
 */
export const NIN_PATTERN = /^C[MF]\d{2}[A-Z0-9]{10}$/;
export const NIN_MESSAGE = KYC_CHECKS.nin;
export const isNin = (value: string) => NIN_PATTERN.test(compact(value));

/** An alien (resident foreigner) ID number: its format is not published, so letters and digits, 6 to 20. */
export const ALIEN_ID_PATTERN = /^[A-Z0-9]{6,20}$/;
export const ALIEN_ID_MESSAGE = KYC_CHECKS.alienId;

export const kycIdentitySchema = z.discriminatedUnion(
  'idType',
  [
    z.strictObject({
      idType: z.literal('national_id'),
      idNumber: z.string({ error: NIN_MESSAGE }).transform(compact).pipe(z.string().regex(NIN_PATTERN, NIN_MESSAGE)),
    }),
    z.strictObject({
      idType: z.literal('alien_id'),
      idNumber: z
        .string({ error: ALIEN_ID_MESSAGE })
        .transform(compact)
        .pipe(z.string().regex(ALIEN_ID_PATTERN, ALIEN_ID_MESSAGE)),
    }),
  ],
  { error: KYC_CHECKS.idType },
);
export type KycIdentity = z.infer<typeof kycIdentitySchema>;
export type KycIdType = KycIdentity['idType'];

export const kycDecisionSchema = z.discriminatedUnion(
  'decision',
  [
    z.strictObject({ decision: z.literal('approve') }),
    z.strictObject({
      decision: z.literal('reject'),
      reason: z
        .string({ error: 'Say why, so the customer can put it right' })
        .trim()
        .min(5, 'Say why, so the customer can put it right (at least 5 characters)')
        .max(500, 'At most 500 characters'),
    }),
  ],
  { error: 'Choose approve or reject' },
);
export type KycDecision = z.infer<typeof kycDecisionSchema>;

export const kycDocumentSchema = z.object({
  id: z.uuid(),
  kind: z.enum(KYC_DOCUMENT_KINDS),
  contentType: z.string(),
  bytes: z.number().int(),
  uploadedAt: z.string(),
  /** Set when an agent uploaded it for the customer. */
  uploadedByAgent: z.boolean(),
});
export type KycDocument = z.infer<typeof kycDocumentSchema>;

export const kycEventSchema = z.object({
  kind: z.enum(['submitted', 'verified', 'rejected']),
  reason: z.string().nullable(),
  at: z.string(),
});

/** A customer's identity check as they (or their agent, or an admin) see it. */
export const kycSchema = z.object({
  userId: z.uuid(),
  status: z.enum(KYC_STATUSES),
  completion: z.number().int(),
  steps: z.object(Object.fromEntries(KYC_STEPS.map((step) => [step, z.boolean()])) as Record<KycStep, z.ZodBoolean>),
  personal: z.object({ legalName: z.string(), dateOfBirth: z.string(), gender: z.enum(['female', 'male']) }).nullable(),
  address: z.object({ district: z.string(), subCounty: z.string(), village: z.string() }).nullable(),
  identity: z.object({ idType: z.enum(['national_id', 'alien_id']), idNumber: z.string() }).nullable(),
  documents: z.array(kycDocumentSchema),
  rejectionReason: z.string().nullable(),
  submittedAt: z.string().nullable(),
  reviewedAt: z.string().nullable(),
  history: z.array(kycEventSchema),
});
export type Kyc = z.infer<typeof kycSchema>;
