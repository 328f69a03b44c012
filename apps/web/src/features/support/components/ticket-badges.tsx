import { useTranslation } from 'react-i18next';
import { Badge, type Tone } from '@/components/ui/badge.tsx';
import type { TicketStatus } from '../api.ts';

const TONES: Record<TicketStatus, Tone> = { open: 'info', waiting_on_customer: 'warn', resolved: 'good' };

/** A ticket's state in words (the colour only repeats them). */
export function TicketStatusBadge({ status }: { status: TicketStatus }) {
  const { t } = useTranslation();
  return <Badge tone={TONES[status]}>{t(`support.status.${status}`)}</Badge>;
}
