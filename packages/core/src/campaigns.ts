import { z } from 'zod';
import { actorSchema } from './audit.ts';
import { ARREARS_BUCKETS } from './collections.ts';
import { LOAN_STATUSES } from './credit.ts';
import { LANGUAGES } from './languages.ts';
import { pageSchema } from './page.ts';

/** The longest campaign text: six GSM-7 parts (918 places). */
export const CAMPAIGN_TEXT_MAX = 918;
/** Recipients a preview lists per page. */
export const CAMPAIGN_PREVIEW_PAGE = 50;

/**
 * Who a campaign is for: customers who match every criterion given (any of the values within
 * one). The loan criteria hold for one loan: a status listed and, when buckets are given, that
 * loan in one of the arrears buckets (current is an active or defaulted loan 0 days past due).
 * No criterion at all: every active customer.
 */
export const campaignSegmentSchema = z.object({
  districts: z.array(z.string().trim().min(1).max(80)).max(200).default([]),
  productIds: z.array(z.uuid()).max(100).default([]),
  loanStatuses: z.array(z.enum(LOAN_STATUSES)).max(LOAN_STATUSES.length).default([]),
  arrearsBuckets: z.array(z.enum(ARREARS_BUCKETS)).max(ARREARS_BUCKETS.length).default([]),
  agentIds: z.array(z.string().trim().min(1).max(64)).max(200).default([]),
});
export type CampaignSegment = z.infer<typeof campaignSegmentSchema>;

/** The message in each language; English is required, and is what a customer gets whose language has none. */
export const campaignTextsSchema = z.object({
  english: z.string().trim().min(1).max(CAMPAIGN_TEXT_MAX),
  luganda: z.string().trim().max(CAMPAIGN_TEXT_MAX).default(''),
  swahili: z.string().trim().max(CAMPAIGN_TEXT_MAX).default(''),
});
export type CampaignTexts = z.infer<typeof campaignTextsSchema>;

export const newCampaignSchema = z.object({
  name: z.string().trim().min(1).max(120),
  texts: campaignTextsSchema,
  segment: campaignSegmentSchema,
});
export type NewCampaign = z.infer<typeof newCampaignSchema>;

/** Admin settings of campaigns: the price of one SMS part (UGX) and how fast the provider takes them. */
export const campaignSettingsSchema = z.object({
  pricePerSms: z.number().int().min(0).max(10_000).describe('UGX per SMS part'),
  smsPerSecond: z.number().int().min(1).max(1_000).describe('Messages handed to the provider per second'),
});
export type CampaignSettings = z.infer<typeof campaignSettingsSchema>;

export const CAMPAIGN_RECIPIENT_STATES = ['will_send', 'opted_out', 'no_phone'] as const;

export const campaignRecipientSchema = z.object({
  id: z.string(),
  name: z.string(),
  district: z.string().nullable(),
  agentName: z.string().nullable(),
  language: z.enum(LANGUAGES),
  state: z.enum(CAMPAIGN_RECIPIENT_STATES),
});
export type CampaignRecipient = z.infer<typeof campaignRecipientSchema>;

export const languageShareSchema = z.object({
  language: z.enum(LANGUAGES),
  recipients: z.number().int().describe('Customers of this language who will get a message'),
  fallback: z.number().int().describe('Of them, those who get the English text because this language has none'),
  encoding: z.enum(['gsm7', 'ucs2']),
  parts: z.number().int().describe('SMS parts of the text they get, with the stop hint'),
  sms: z.number().int().describe('recipients × parts'),
  cost: z.number().int().describe('UGX'),
});
export type LanguageShare = z.infer<typeof languageShareSchema>;

export const campaignPreviewSchema = z.object({
  total: z.number().int().describe('Customers in the segment'),
  recipients: z.number().int().describe('Those who will get a message'),
  optedOut: z.number().int().describe('Left out: they switched SMS off'),
  noPhone: z.number().int().describe('Left out: no confirmed phone number'),
  fallback: z.number().int().describe('Recipients who get the English text because their language has none'),
  byLanguage: z.array(languageShareSchema),
  pricePerSms: z.number().int(),
  sms: z.number().int().describe('SMS parts in all'),
  cost: z.number().int().describe('UGX'),
  people: pageSchema(campaignRecipientSchema),
});
export type CampaignPreview = z.infer<typeof campaignPreviewSchema>;

export const CAMPAIGN_STATUSES = ['draft', 'sending', 'sent'] as const;
export type CampaignStatus = (typeof CAMPAIGN_STATUSES)[number];

/**
 * A campaign's messages as they stand. Delivered and failed come from the network's delivery
 * reports; failed also counts messages the provider refused. Stored: kept in the outbox
 * because no SMS provider is set up.
 */
export const campaignCountsSchema = z.object({
  recipients: z.number().int(),
  queued: z.number().int(),
  sent: z.number().int(),
  delivered: z.number().int(),
  failed: z.number().int(),
  optedOut: z.number().int().describe('Switched SMS off between the preview and the send'),
  stored: z.number().int(),
});
export type CampaignCounts = z.infer<typeof campaignCountsSchema>;

const named = z.object({ id: z.string(), name: z.string() });

export const campaignSchema = z.object({
  id: z.string(),
  name: z.string(),
  status: z.enum(CAMPAIGN_STATUSES),
  texts: z.object({ english: z.string(), luganda: z.string(), swahili: z.string() }),
  segment: z.object({
    districts: z.array(z.string()),
    products: z.array(named),
    loanStatuses: z.array(z.enum(LOAN_STATUSES)),
    arrearsBuckets: z.array(z.enum(ARREARS_BUCKETS)),
    agents: z.array(named),
  }),
  createdBy: actorSchema,
  createdAt: z.string(),
  sentBy: actorSchema.nullable(),
  sentAt: z.string().nullable(),
  pricePerSms: z.number().int().nullable().describe('UGX per part when it was sent'),
  cost: z.number().int().nullable().describe('UGX of the parts handed over, at the price when sent'),
  counts: campaignCountsSchema,
});
export type Campaign = z.infer<typeof campaignSchema>;

export const campaignListSchema = pageSchema(campaignSchema.omit({ texts: true, segment: true }));
export type CampaignListItem = z.infer<typeof campaignListSchema>['items'][number];

/** The names the segment pickers offer. */
export const campaignChoicesSchema = z.object({
  districts: z.array(z.string()),
  products: z.array(named),
  agents: z.array(named),
});
export type CampaignChoices = z.infer<typeof campaignChoicesSchema>;
