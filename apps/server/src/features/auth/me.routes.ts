import { checkId } from '@ecogrid/core';
import { STAFF_RIGHTS, STAFF_ROLES } from '@ecogrid/core/staff-roles';
import { createRoute, z } from '@hono/zod-openapi';
import { AppError } from '#src/platform/errors.ts';
import { createRouter, errorResponse } from '#src/platform/http.ts';
import { unauthenticated } from '#src/platform/route-helpers.ts';
import { getProfile, updateProfile } from './profile.service.ts';

const profileSchema = z
  .object({
    id: z.uuid(),
    fullName: z.string(),
    email: z.string().nullable(),
    phoneNumber: z.string().nullable(),
    username: z.string().nullable(),
    userType: z.enum(['customer', 'agent', 'admin']),
    agentStatus: z.enum(['applicant', 'approved']).nullable(),
    agentCode: z.string().nullable(),
    accountNumber: z
      .string()
      .describe('What the customer types as the account when paying by paybill (7 digits, Luhn)'),
    commissionRateBp: z.number().int().nullable().describe('Commission rate in basis points (100 = 1%)'),
    kycStatus: z.string(),
    kycCompletionPercentage: z.number().int(),
    emailVerified: z.boolean(),
    phoneVerified: z.boolean(),
    district: z.string().nullable(),
    subCounty: z.string().nullable(),
    village: z.string().nullable(),
    isActive: z.boolean(),
    onboardingCompleted: z.boolean(),
    preferredLanguage: z.string(),
    notifyBySms: z
      .boolean()
      .describe('Updates may also come by SMS (security notices and repayment reminders always do)'),
    notifyByEmail: z.boolean().describe('Updates may also come by email (security notices always do)'),
    twoFactorEnabled: z.boolean(),
    totpEnabled: z.boolean(),
    staffRole: z.enum(STAFF_ROLES).nullable().describe('Staff only: their role (decision 020); null for everyone else'),
    staffRights: z.array(z.enum(STAFF_RIGHTS)).describe('What the staff role may do; empty for everyone else'),
    createdAt: z.string(),
    updatedAt: z.string(),
  })
  .openapi('Profile');

const place = z.string().trim().min(1, 'Cannot be empty').max(100, 'At most 100 characters');
const profileChangesSchema = z
  .strictObject(
    {
      fullName: z.string().trim().min(2, 'Enter your full name').max(100, 'At most 100 characters').optional(),
      district: place.optional(),
      subCounty: place.optional(),
      village: place.optional(),
      preferredLanguage: z.enum(['english', 'luganda', 'swahili']).optional(),
      notifyBySms: z.boolean().optional(),
      notifyByEmail: z.boolean().optional(),
    },
    {
      error: (issue) =>
        issue.code === 'unrecognized_keys'
          ? `These cannot be changed here: ${issue.keys.join(', ')}. Only your name, district, sub-county, village, language and message choices can.`
          : undefined,
    },
  )
  .openapi('ProfileChanges');

/** The signed-in user's id, checked as the spec asks ('Invalid user ID. Please ensure you are properly authenticated.'). */
function requireUserId(userId: string | undefined): string {
  if (!userId) throw new AppError('not_authenticated', 'User not authenticated', 401);
  const checked = checkId(userId, 'user ID');
  if (!checked.ok) throw new AppError('invalid_id', checked.message, 401);
  return checked.id;
}

const getMe = createRoute({
  method: 'get',
  operationId: 'getMe',
  path: '/me',
  tags: ['profile'],
  summary: "The signed-in user's profile",
  responses: {
    200: { description: 'The profile', content: { 'application/json': { schema: profileSchema } } },
    ...unauthenticated,
  },
});

const patchMe = createRoute({
  method: 'patch',
  operationId: 'updateMe',
  path: '/me',
  tags: ['profile'],
  summary: 'Change your name, place, language or how updates reach you',
  request: { body: { content: { 'application/json': { schema: profileChangesSchema } }, required: true } },
  responses: {
    200: { description: 'The updated profile', content: { 'application/json': { schema: profileSchema } } },
    400: errorResponse('A field is not valid or may not be changed'),
    ...unauthenticated,
    500: errorResponse('Failed to update profile'),
  },
});

export const meRoutes = createRouter()
  .openapi(getMe, async (c) => c.json(await getProfile(c.var.db, requireUserId(c.var.user?.id)), 200))
  .openapi(patchMe, async (c) => {
    const userId = requireUserId(c.var.user?.id);
    try {
      return c.json(await updateProfile(c.var.db, userId, c.req.valid('json')), 200);
    } catch (error) {
      if (error instanceof AppError) throw error;
      c.var.log.error({ err: error }, 'profile update failed');
      throw new AppError('profile_update_failed', 'Failed to update profile', 500);
    }
  });
