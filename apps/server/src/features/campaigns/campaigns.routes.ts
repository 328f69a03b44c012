import { checkId } from '@ecogrid/core';
import {
  campaignChoicesSchema,
  campaignListSchema,
  campaignPreviewSchema,
  campaignSchema,
  campaignSettingsSchema,
  newCampaignSchema,
} from '@ecogrid/core/campaigns';
import { createRoute, z } from '@hono/zod-openapi';
import { badRequest } from '#src/platform/errors.ts';
import { createRouter, errorResponse } from '#src/platform/http.ts';
import { body, json } from '#src/platform/route-helpers.ts';
import { ADMIN_DENIED, requireStaff, staffRight } from '#src/features/auth/roles.service.ts';
import { getCampaignSettings, setCampaignSettings } from './campaign-settings.ts';
import { campaignChoices, campaignDraft, createCampaign, getCampaign, listCampaigns } from './campaigns.service.ts';
import { previewCampaign } from './preview.ts';
import { sendCampaign } from './send.ts';

const idParam = z.object({ id: z.string().openapi({ param: { name: 'id', in: 'path' } }) });
const campaignId = (raw: string) => {
  const checked = checkId(raw, 'campaign ID');
  if (!checked.ok) throw badRequest(checked.message);
  return checked.id;
};
const pageQuery = z.object({
  limit: z.coerce.number().int().min(1).max(100).default(25),
  cursor: z.string().max(200).optional(),
});
const previewQuery = z.object({ cursor: z.string().max(20).optional() });
const campaign = campaignSchema.openapi('Campaign');
const preview = campaignPreviewSchema.openapi('CampaignPreview');
const settings = campaignSettingsSchema.openapi('CampaignSettings');
const draft = newCampaignSchema.openapi('NewCampaign');
const noCampaign = { 404: errorResponse('No campaign has this id') };
const tags = ['admin', 'campaigns'];

/** The admins' SMS campaigns API (/api/admin/campaigns). */
export const campaignRoutes = createRouter()
  .openapi(
    createRoute({
      method: 'get',
      operationId: 'adminListCampaigns',
      path: '/campaigns',
      tags,
      summary: 'SMS campaigns, newest first, each with its message counts',
      ...staffRight('customers.read'),
      middleware: [requireStaff('customers.read')] as const,
      request: { query: pageQuery },
      responses: {
        200: json(campaignListSchema.openapi('CampaignPage'), 'A page of campaigns'),
        400: errorResponse('Bad limit or cursor'),
        ...ADMIN_DENIED,
      },
    }),
    async (c) => c.json(await listCampaigns(c.var.db, c.req.valid('query')), 200),
  )
  .openapi(
    createRoute({
      method: 'post',
      operationId: 'adminCreateCampaign',
      path: '/campaigns',
      tags,
      summary: 'Write a campaign as a draft: its text per language and its segment (audited)',
      ...staffRight('customers.change'),
      middleware: [requireStaff('customers.change')] as const,
      request: body(draft),
      responses: {
        201: json(campaign, 'The draft'),
        400: errorResponse('Bad texts or segment, or a product or agent that does not exist'),
        ...ADMIN_DENIED,
        422: errorResponse('A district the places data does not know'),
      },
    }),
    async (c) => c.json(await createCampaign(c.var.db, c.var.user!.id, c.req.valid('json')), 201),
  )
  .openapi(
    createRoute({
      method: 'get',
      operationId: 'adminCampaignChoices',
      path: '/campaigns/choices',
      tags,
      summary: 'The districts, products and approved agents a segment can name',
      ...staffRight('customers.read'),
      middleware: [requireStaff('customers.read')] as const,
      responses: { 200: json(campaignChoicesSchema.openapi('CampaignChoices'), 'The choices'), ...ADMIN_DENIED },
    }),
    async (c) => c.json(await campaignChoices(c.var.db), 200),
  )
  .openapi(
    createRoute({
      method: 'get',
      operationId: 'adminCampaignSettings',
      path: '/campaigns/settings',
      tags,
      summary: 'The price of one SMS part (UGX) and the messages per second the provider takes',
      ...staffRight('customers.read'),
      middleware: [requireStaff('customers.read')] as const,
      responses: { 200: json(settings, 'The settings'), ...ADMIN_DENIED },
    }),
    async (c) => c.json(await getCampaignSettings(c.var.db), 200),
  )
  .openapi(
    createRoute({
      method: 'put',
      operationId: 'adminSetCampaignSettings',
      path: '/campaigns/settings',
      tags,
      summary: 'Change the campaign settings (audited)',
      ...staffRight('customers.change'),
      middleware: [requireStaff('customers.change')] as const,
      request: body(settings),
      responses: { 200: json(settings, 'The settings now'), 400: errorResponse('Bad settings'), ...ADMIN_DENIED },
    }),
    async (c) => c.json(await setCampaignSettings(c.var.db, c.var.user!.id, c.req.valid('json')), 200),
  )
  .openapi(
    createRoute({
      method: 'post',
      operationId: 'adminPreviewCampaignDraft',
      path: '/campaigns/preview',
      tags,
      summary: 'What sending these texts to this segment would do now: who, how many, SMS parts and cost',
      ...staffRight('customers.change'),
      middleware: [requireStaff('customers.change')] as const,
      request: { query: previewQuery, ...body(draft.omit({ name: true })) },
      responses: {
        200: json(preview, 'The preview'),
        400: errorResponse('Bad texts, segment or cursor'),
        ...ADMIN_DENIED,
      },
    }),
    async (c) => c.json(await previewCampaign(c.var.db, c.req.valid('json'), c.req.valid('query').cursor), 200),
  )
  .openapi(
    createRoute({
      method: 'get',
      operationId: 'adminGetCampaign',
      path: '/campaigns/{id}',
      tags,
      summary: 'A campaign: texts, segment by name, and its message counts now',
      ...staffRight('customers.read'),
      middleware: [requireStaff('customers.read')] as const,
      request: { params: idParam },
      responses: {
        200: json(campaign, 'The campaign'),
        400: errorResponse('Invalid id'),
        ...ADMIN_DENIED,
        ...noCampaign,
      },
    }),
    async (c) => c.json(await getCampaign(c.var.db, campaignId(c.req.valid('param').id)), 200),
  )
  .openapi(
    createRoute({
      method: 'get',
      operationId: 'adminPreviewCampaign',
      path: '/campaigns/{id}/preview',
      tags,
      summary: 'What sending this campaign would do now: who, how many, SMS parts and cost',
      ...staffRight('customers.read'),
      middleware: [requireStaff('customers.read')] as const,
      request: { params: idParam, query: previewQuery },
      responses: {
        200: json(preview, 'The preview'),
        400: errorResponse('Invalid id or cursor'),
        ...ADMIN_DENIED,
        ...noCampaign,
      },
    }),
    async (c) => {
      const saved = await campaignDraft(c.var.db, campaignId(c.req.valid('param').id));
      return c.json(await previewCampaign(c.var.db, saved, c.req.valid('query').cursor), 200);
    },
  )
  .openapi(
    createRoute({
      method: 'post',
      operationId: 'adminSendCampaign',
      path: '/campaigns/{id}/send',
      tags,
      summary: 'Send a draft campaign, once: queued in batches at the provider rate (audited)',
      description:
        'Customers who switched SMS off, or have no confirmed phone number, are left out now and again when their batch goes.',
      ...staffRight('customers.change'),
      middleware: [requireStaff('customers.change')] as const,
      request: { params: idParam },
      responses: {
        202: json(campaign, 'Sending: the campaign with its counts'),
        400: errorResponse('Invalid id'),
        ...ADMIN_DENIED,
        ...noCampaign,
        409: errorResponse('Already sent'),
        422: errorResponse('No one in the segment can get an SMS'),
      },
    }),
    async (c) => {
      const id = campaignId(c.req.valid('param').id);
      await sendCampaign(c.var.db, c.var.jobs, c.var.user!.id, id);
      return c.json(await getCampaign(c.var.db, id), 202);
    },
  );
