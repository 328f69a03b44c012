import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button.tsx';
import { CollectCashForm, type CashTarget } from './collect-cash-form.tsx';
import { VisitNoteForm } from './visit-note-form.tsx';

type Props = {
  /** Unique on the page: names the panel and prefixes its fields' ids. */
  id: string;
  customerId: string;
  customerName: string;
  /** What cash can be collected for. */
  targets: CashTarget[];
  /** The loan a note is about, on a visit for it. */
  loanId?: string;
  /** Read out with each button (the customer's name when there are several on the page). */
  describedBy?: string;
  /** Shown first among the buttons (the call link of a visit). */
  before?: ReactNode;
  /** Open the cash form at once, on this loan or order and amount. */
  initial?: { target: string; amount: string };
};

/** "Collect cash" and "Write a note" for a customer, each opening its form below the buttons. */
export function CustomerActions({
  id,
  customerId,
  customerName,
  targets,
  loanId,
  describedBy,
  before,
  initial,
}: Props) {
  const { t } = useTranslation();
  const [open, setOpen] = useState<'collect' | 'note' | null>(initial ? 'collect' : null);
  const panel = `${id}-panel`;
  const button = (which: 'collect' | 'note', label: string) => (
    <Button
      variant="secondary"
      className="w-full sm:w-auto"
      aria-expanded={open === which}
      aria-controls={panel}
      aria-describedby={describedBy}
      onClick={() => setOpen((now) => (now === which ? null : which))}
    >
      {label}
    </Button>
  );
  return (
    <>
      <div className="flex flex-col gap-2 sm:flex-row sm:flex-wrap">
        {before}
        {button('collect', t('agent.visits.collect'))}
        {button('note', t('agent.visits.writeNote'))}
      </div>
      <div id={panel}>
        {open === 'collect' && (
          <CollectCashForm
            customerId={customerId}
            customerName={customerName}
            targets={targets}
            idPrefix={`${id}-cash`}
            initial={initial}
          />
        )}
        {open === 'note' && (
          <VisitNoteForm customerId={customerId} customerName={customerName} loanId={loanId} idPrefix={`${id}-note`} />
        )}
      </div>
    </>
  );
}
