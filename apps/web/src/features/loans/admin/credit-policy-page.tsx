import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { AdminPageHeader } from '@/components/admin/page-header.tsx';
import { AdminQuery } from '@/components/admin/admin-query.tsx';
import { PagedList } from '@/components/admin/paged-list.tsx';
import { Fact } from '@/components/ui/fact.tsx';
import { Part } from '@/components/ui/part.tsx';
import { showToast } from '@/components/ui/toast.tsx';
import { ApiError } from '@/lib/api-client.ts';
import { useFormats } from '@/lib/formats.ts';
import { usePageTitle } from '@/lib/use-page-title.ts';
import {
  afterPolicySaved,
  creditPolicyQuery,
  creditPolicyVersionsQuery,
  DEFAULT_CREDIT_POLICY,
  refetchPolicy,
  saveCreditPolicy,
  type AdminCreditPolicy,
  type CreditPolicyRules,
} from './credit-policy-api.ts';
import { CreditPolicyForm } from './credit-policy-fields.tsx';
import { changedRules, policyValues } from './credit-policy-form.ts';

const card = 'rounded-lg border border-stone-200 bg-white p-4';

/** Which version it is, who saved it and when, and why. */
function VersionFacts({ policy }: { policy: AdminCreditPolicy }) {
  const { t } = useTranslation();
  const formats = useFormats();
  if (policy.version === 0) return <p className="text-sm">{t('adminLoans.policy.defaultVersion')}</p>;
  return (
    <dl className="space-y-1 text-sm">
      <Fact term={t('adminLoans.policy.savedBy')}>{policy.createdByName ?? t('adminLoans.policy.unknownAdmin')}</Fact>
      <Fact term={t('adminLoans.policy.savedAt')}>
        <time dateTime={policy.createdAt}>{formats.stamp(policy.createdAt)}</time>
      </Fact>
      {policy.note && <Fact term={t('adminLoans.policy.note')}>{policy.note}</Fact>}
    </dl>
  );
}

/** The saved versions, newest first, each with the rules it changed from the one before. */
function Versions() {
  const { t } = useTranslation();
  const query = useInfiniteQuery(creditPolicyVersionsQuery);
  const loaded = query.data?.pages.flatMap((page) => page.items) ?? [];
  const rulesBefore = (version: number): CreditPolicyRules | undefined =>
    version === 1 ? DEFAULT_CREDIT_POLICY : loaded.find((p) => p.version === version - 1)?.rules;
  return (
    <PagedList
      query={query}
      label={t('adminLoans.policy.versionsTitle')}
      loadingLabel={t('adminLoans.policy.versionsLoading')}
      emptyText={t('adminLoans.policy.versionsEmpty')}
      listClassName="space-y-2"
    >
      {(policy) => {
        const before = rulesBefore(policy.version);
        const changed = before ? changedRules(before, policy.rules) : null;
        return (
          <li key={policy.version} className={`space-y-2 ${card}`}>
            <p className="font-semibold">{t('adminLoans.policy.version', { version: policy.version })}</p>
            <VersionFacts policy={policy} />
            {changed && (
              <p className="text-sm">
                {changed.length > 0
                  ? t('adminLoans.policy.changed', {
                      fields: changed.map((key) => t(`adminLoans.policy.field.${key}`)).join(', '),
                    })
                  : t('adminLoans.policy.unchanged')}
              </p>
            )}
          </li>
        );
      }}
    </PagedList>
  );
}

/**
 * /admin/credit-policy: the credit policy in force (its version, who saved it and when), a form
 * for every rule that saves the next version, and the versions before it.
 */
export default function CreditPolicyPage() {
  const { t } = useTranslation();
  usePageTitle(t('adminLoans.policy.title'));
  const queryClient = useQueryClient();
  const policy = useQuery(creditPolicyQuery);
  const save = useMutation({
    mutationFn: saveCreditPolicy,
    retry: false,
    onSuccess: async (saved) => {
      await afterPolicySaved(queryClient, saved);
      void showToast(t('adminLoans.policy.saved', { version: saved.version }), { kind: 'success' });
    },
    onError: (error) => {
      if (error instanceof ApiError && error.status === 409) void refetchPolicy(queryClient);
    },
  });
  const refused =
    save.error instanceof ApiError && save.error.status === 409
      ? t('adminLoans.policy.changedMeanwhile')
      : save.error?.message;

  return (
    <section className="mx-auto max-w-4xl space-y-6 p-4" aria-labelledby="policy-title">
      <AdminPageHeader titleId="policy-title" title={t('adminLoans.policy.title')}>
        <p>{t('adminLoans.policy.intro')}</p>
        <p className="text-sm">{t('admin.timesInKampala')}</p>
      </AdminPageHeader>
      <AdminQuery query={policy} loadingLabel={t('adminLoans.policy.loading')} count={3}>
        {(data) => (
          <>
            <Part id="in-force-title" title={t('adminLoans.policy.inForceTitle')}>
              <div className={`space-y-2 ${card}`}>
                <p className="font-semibold">{t('adminLoans.policy.version', { version: data.version })}</p>
                <VersionFacts policy={data} />
              </div>
            </Part>
            <CreditPolicyForm
              key={data.version}
              initial={policyValues(data.rules)}
              busy={save.isPending}
              error={refused}
              onSubmit={(input) => save.mutate(input)}
            />
          </>
        )}
      </AdminQuery>
      <Part id="versions-title" title={t('adminLoans.policy.versionsTitle')}>
        <Versions />
      </Part>
    </section>
  );
}
