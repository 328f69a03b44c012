import { activeAdminIds, type ApplicantRule } from '#src/features/auth/agent-accounts.service.ts';
import { userSummaries } from '#src/features/auth/profile.service.ts';
import { sendNotifications } from '#src/features/notifications/notifications.service.ts';

/** Someone applied to be an agent: every active admin finds it in their inbox, to review it under Agents. */
export const tellAdminsOfApplicant: ApplicantRule = async (db, deps, applicantId) => {
  const [admins, people] = await Promise.all([activeAdminIds(db), userSummaries(db, [applicantId])]);
  const name = people.get(applicantId)?.name;
  await sendNotifications(
    db,
    deps,
    admins.map((userId) => ({
      userId,
      type: 'account' as const,
      text: {
        key: 'notifications:agentApplicant',
        values: { name: name ?? { text: { key: 'notifications:agentApplicant.someone' } } },
      },
      data: { agentId: applicantId },
    })),
  );
};
