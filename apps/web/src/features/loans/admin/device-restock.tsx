import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button.tsx';
import { FormAlert } from '@/components/ui/form-alert.tsx';
import { showToast } from '@/components/ui/toast.tsx';
import { refetchDevices, restockDevice, type Device } from './devices-api.ts';

/** Puts a unit back from a customer (returned as it was, or refurbished) in stock. */
export function DeviceRestock({ device }: { device: Device }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const restock = useMutation({
    mutationFn: () => restockDevice(device.id),
    retry: false,
    onSuccess: async () => {
      void showToast(t('adminLoans.repossess.restocked', { serial: device.serialNumber }), { kind: 'success' });
      await refetchDevices(queryClient);
    },
  });
  return (
    <>
      <Button variant="secondary" disabled={restock.isPending} onClick={() => restock.mutate()}>
        {restock.isPending ? t('admin.working') : t('adminLoans.repossess.restock')}
      </Button>
      {restock.error && <FormAlert>{restock.error.message}</FormAlert>}
    </>
  );
}
