import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button.tsx';
import { showToast } from '@/components/ui/toast.tsx';
import { outcomeUnknown } from '@/lib/idempotency.ts';
import { refreshCatalogue, setProductActive, type AdminProduct } from './api.ts';
import { useErrorText } from '@/components/admin/admin-error.tsx';
import { ConfirmDialog } from '@/components/admin/confirm-dialog.tsx';
import { ProductStateBadge } from './product-badges.tsx';

/** Whether shoppers can buy the product, and the way to take it off sale or back, after a confirmation. */
export function OnSale({ product }: { product: AdminProduct }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const errorText = useErrorText();
  const [asking, setAsking] = useState(false);
  const toggle = useMutation({
    mutationFn: () => setProductActive(product.id, !product.active),
    retry: (failures, error) => failures < 1 && outcomeUnknown(error),
    onSuccess: async (updated) => {
      setAsking(false);
      await refreshCatalogue(queryClient);
      void showToast(t(updated.active ? 'admin.productPage.reactivated' : 'admin.productPage.deactivated'), {
        kind: 'success',
      });
    },
  });
  const verb = product.active ? 'deactivate' : 'reactivate';
  return (
    <div className="space-y-3">
      <p className="flex flex-wrap items-center gap-2">
        <ProductStateBadge active={product.active} />
        <span className="text-stone-700">
          {t(product.active ? 'admin.productPage.onSaleText' : 'admin.productPage.offSaleText')}
        </span>
      </p>
      <Button
        variant={product.active ? 'danger' : 'primary'}
        aria-haspopup="dialog"
        onClick={() => setAsking(true)}
        className="w-full sm:w-auto"
      >
        {t(`admin.productPage.${verb}`)}
      </Button>
      {asking && (
        <ConfirmDialog
          title={t(`admin.productPage.${verb}Title`, { name: product.name })}
          confirmLabel={t(`admin.productPage.${verb}Confirm`)}
          danger={product.active}
          busy={toggle.isPending}
          error={toggle.isError ? errorText(toggle.error) : null}
          onConfirm={() => toggle.mutate()}
          onClose={() => {
            toggle.reset();
            setAsking(false);
          }}
        >
          <p>{t(`admin.productPage.${verb}Text`)}</p>
        </ConfirmDialog>
      )}
    </div>
  );
}
