import { addDays, kampalaDate } from '@ecogrid/core/credit';
import { DELIVERY_PLAN_MAX_DAYS } from '@ecogrid/core/orders';
import { ugandanMobile } from '@ecogrid/core/payments';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { AdminError } from '@/components/admin/admin-error.tsx';
import { Button } from '@/components/ui/button.tsx';
import { TextField } from '@/components/ui/text-field.tsx';
import { outcomeUnknown } from '@/lib/idempotency.ts';
import { useFormats } from '@/lib/formats.ts';
import { adminOrderQuery, setDeliveryPlan, type AdminOrder } from './api.ts';

type Errors = Partial<Record<'day' | 'name' | 'phone', string>>;

/**
 * The day a paid order should reach the customer (or be ready at the pickup point) and, for a
 * delivery, who brings it: saved, the customer is told by SMS. Shown until the order is delivered.
 */
export function DeliveryPlanForm({ order, onSaved }: { order: AdminOrder; onSaved: (text: string) => void }) {
  const { t } = useTranslation();
  const { day: dayText } = useFormats();
  const queryClient = useQueryClient();
  const today = kampalaDate(new Date());
  const pickup = order.fulfilment === 'pickup';
  const [day, setDay] = useState(order.expectedOn ?? '');
  const [name, setName] = useState(order.courier?.name ?? '');
  const [phone, setPhone] = useState(order.courier?.phone ?? '');
  const [errors, setErrors] = useState<Errors>({});
  const save = useMutation({
    mutationFn: setDeliveryPlan,
    retry: (failures, error) => failures < 1 && outcomeUnknown(error),
    onSuccess: async (saved) => {
      await queryClient.invalidateQueries({ queryKey: adminOrderQuery(order.id).queryKey });
      onSaved(t('admin.orders.plan.saved', { day: dayText(saved.expectedOn ?? day) }));
    },
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found: Errors = {};
    if (!day || day < today || day > addDays(today, DELIVERY_PLAN_MAX_DAYS)) {
      found.day = t('admin.orders.plan.dayRange', { days: DELIVERY_PLAN_MAX_DAYS });
    }
    const withCourier = !pickup && Boolean(name.trim() || phone.trim());
    if (withCourier && name.trim().length < 2) found.name = t('admin.orders.plan.nameNeeded');
    if (withCourier && !ugandanMobile(phone)) found.phone = t('admin.orders.plan.phoneNeeded');
    setErrors(found);
    const first = (['day', 'name', 'phone'] as const).find((field) => found[field]);
    if (first) {
      document.getElementById(`plan-${first}`)?.focus();
      return;
    }
    save.mutate({ id: order.id, expectedOn: day, courier: withCourier ? { name: name.trim(), phone } : null });
  };

  return (
    <form onSubmit={submit} noValidate className="space-y-3" aria-busy={save.isPending}>
      <p className="text-sm text-stone-700">{t(pickup ? 'admin.orders.plan.pickupHint' : 'admin.orders.plan.hint')}</p>
      <TextField
        id="plan-day"
        type="date"
        label={t(pickup ? 'admin.orders.plan.readyOn' : 'admin.orders.plan.expectedOn')}
        error={errors.day}
        value={day}
        min={today}
        max={addDays(today, DELIVERY_PLAN_MAX_DAYS)}
        onChange={(event) => setDay(event.target.value)}
      />
      {!pickup && (
        <div className="grid gap-3 sm:grid-cols-2">
          <TextField
            id="plan-name"
            label={t('admin.orders.plan.courierName')}
            error={errors.name}
            value={name}
            maxLength={80}
            autoComplete="off"
            onChange={(event) => setName(event.target.value)}
          />
          <TextField
            id="plan-phone"
            type="tel"
            label={t('admin.orders.plan.courierPhone')}
            hint={t('admin.orders.plan.phoneHint')}
            error={errors.phone}
            value={phone}
            maxLength={20}
            autoComplete="off"
            onChange={(event) => setPhone(event.target.value)}
          />
        </div>
      )}
      {save.isError && <AdminError error={save.error} />}
      <Button type="submit" disabled={save.isPending}>
        {save.isPending ? t('admin.working') : t('admin.orders.plan.save')}
      </Button>
    </form>
  );
}
