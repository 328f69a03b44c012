import type { ApplicantRule } from '#src/features/auth/agent-accounts.service.ts';
import { userSummaries } from '#src/features/auth/profile.service.ts';
import { tellAdmins } from '#src/features/notifications/staff-notices.service.ts';

/** Someone applied to be an agent: every active admin finds it in their inbox, to review it under Agents. */
export const tellAdminsOfApplicant: ApplicantRule = async (db, deps, applicantId) => {
  const name = (await userSummaries(db, [applicantId])).get(applicantId)?.name;
  await tellAdmins(db, deps, {
    type: 'account',
    text: {
      key: 'notifications:agentApplicant',
      values: { name: name ?? { text: { key: 'notifications:agentApplicant.someone' } } },
    },
    data: { agentId: applicantId },
  });
};
