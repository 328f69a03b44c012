import { createRoute, z } from '@hono/zod-openapi';
import type { Settings } from '#src/config.ts';
import { createRouter } from '#src/platform/http.ts';
import { json } from '#src/platform/route-helpers.ts';

const contactsSchema = z
  .object({
    phone: z.string().nullable().openapi({ description: 'Call, SMS and WhatsApp; null when unset' }),
    ussdCode: z.string().nullable(),
  })
  .openapi('SupportContacts');

const contactsRoute = createRoute({
  method: 'get',
  operationId: 'getSupportContacts',
  path: '/support/contacts',
  tags: ['support'],
  summary: 'How to reach a person: the support phone number and the USSD code (settings)',
  security: [],
  responses: { 200: json(contactsSchema, 'The ways to reach support') },
});

/** The public ways to reach support, from the settings (SUPPORT_PHONE, USSD_CODE). */
export const contactRoutes = (settings: Partial<Pick<Settings, 'SUPPORT_PHONE' | 'USSD_CODE'>>) =>
  createRouter().openapi(contactsRoute, (c) =>
    c.json({ phone: settings.SUPPORT_PHONE ?? null, ussdCode: settings.USSD_CODE ?? null }, 200),
  );
