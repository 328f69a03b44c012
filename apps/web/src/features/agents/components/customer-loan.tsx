import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { buttonClass } from '@/components/ui/button.tsx';
import { localPhone } from '@/lib/phone.ts';
import { customerPath } from '../field-api.ts';

/** A list item's heading: the customer (a link to their page), then the product and loan number. */
export function CustomerLoanHeading(props: {
  id: string;
  customerId: string;
  customerName: string;
  productName: string;
  loanNumber: string;
}) {
  return (
    <>
      <h2 id={props.id} className="text-base font-semibold">
        <Link to={customerPath(props.customerId)} className="inline-block py-0.5 text-brand-800 underline">
          {props.customerName}
        </Link>
      </h2>
      <p className="text-stone-700">
        {props.productName} · {props.loanNumber}
      </p>
    </>
  );
}

/** "Call Nakato Sarah (0772 123456)" as a button that dials; nothing when there is no number. */
export function CallButton({ name, phone }: { name: string; phone: string | null }) {
  const { t } = useTranslation();
  if (!phone) return null;
  return (
    <a href={`tel:${phone}`} className={buttonClass('secondary', 'w-full sm:w-auto')}>
      {t('agent.visits.call', { name, phone: localPhone(phone) || phone })}
    </a>
  );
}
