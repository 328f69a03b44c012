import { NETWORK_NAMES } from '@ecogrid/core/payments';
import { TAX_CLASS_LABELS, type Order } from '@ecogrid/core/orders';
import { textsFor } from '#src/platform/i18n.ts';
import { letterhead, PDF_MARGIN, ruleLine, startPdf, tableRow, type PdfColumn } from '#src/platform/pdf.ts';

const PAID_STATUSES = new Set(['paid', 'processing', 'shipped', 'delivered', 'completed']);

/** A receipt exists once an order is paid (and stays, whatever happens to the order after). */
export const hasReceipt = (order: Order) =>
  order.paidAt !== null && (PAID_STATUSES.has(order.status) || order.status === 'cancelled');

const COLUMNS: PdfColumn[] = [
  { at: 0, width: 0.48 },
  { at: 0.5, width: 0.1, align: 'right' },
  { at: 0.6, width: 0.2, align: 'right' },
  { at: 0.8, width: 0.2, align: 'right' },
];

/**
 * The paid order's receipt as an A5 PDF, in the customer's language: lines with their tax class,
 * totals, the VAT included, the payment, and the customer's account number with how to pay to it
 * by paybill (when a business number is set).
 */
export function receiptPdf(
  order: Order,
  customer: { name: string; phone: string | null; language?: string | null; accountNumber: string | null },
  paybillNumber: string | null,
): Promise<Buffer> {
  const { t, dateTime, money } = textsFor(customer.language);
  const w = (key: string, values?: Record<string, string>) => t(`receipts:${key}`, values ?? {});
  const { doc, width, finish } = startPdf({
    size: 'A5',
    title: w('title', { number: order.number }),
    subject: w('subject', { number: order.number }),
  });
  letterhead(doc);
  doc
    .font('Helvetica-Bold')
    .fontSize(13)
    .text(w('heading', { number: order.number }));
  doc.font('Helvetica').fontSize(9);
  doc.text(w('paid', { at: dateTime(order.paidAt!) }));
  doc.text(w('customer', { customer: `${customer.name}${customer.phone ? `, ${customer.phone}` : ''}` }));
  if (customer.accountNumber) doc.text(w('accountNumber', { account: customer.accountNumber }));
  if (order.address) {
    const a = order.address;
    const place = `${a.village}, ${a.subCounty}, ${a.district}${a.directions ? ` (${a.directions})` : ''}`;
    doc.text(w('deliveryTo', { place }));
  } else if (order.pickupPoint) {
    const p = order.pickupPoint;
    doc.text(w('pickupAt', { place: `${p.name}, ${p.address}, ${p.district}` }));
  }
  doc.moveDown();

  const row = (item: string, qty: string, price: string, total: string, bold = false) =>
    tableRow(doc, width, COLUMNS, [item, qty, price, total], bold);
  row(w('item'), w('qty'), w('unitPrice'), w('amount'), true);
  for (const line of order.lines) {
    row(
      `${line.name}\n${line.sku} · ${TAX_CLASS_LABELS[line.taxClass]}`,
      String(line.quantity),
      money(line.unitPrice),
      money(line.lineTotal),
    );
  }
  ruleLine(doc, width);
  row(w('subtotal'), '', '', money(order.subtotal));
  row(
    w(order.fulfilment === 'pickup' ? 'pickup' : 'delivery'),
    '',
    '',
    order.deliveryFee === 0 ? w('free') : money(order.deliveryFee),
  );
  const method =
    order.paymentMethod === 'wallet' || order.paymentMethod === 'cash'
      ? w(order.paymentMethod)
      : NETWORK_NAMES[order.paymentMethod];
  const reference = order.paymentReference ? w('reference', { reference: order.paymentReference }) : '';
  if (order.loan) {
    // Bought on credit: only the deposit was paid; the rest is owed on the loan.
    row(w('creditPrice'), '', '', money(order.total), true);
    row(w('depositPaid'), '', '', money(order.loan.deposit), true);
    row(w('owedOnLoan', { loan: order.loan.number }), '', '', money(order.total - order.loan.deposit));
  } else {
    row(w('totalPaid'), '', '', money(order.total), true);
  }
  doc.moveDown(0.5);
  doc.font('Helvetica').fontSize(8).fillColor('#444');
  doc.text(w('vat', { amount: money(order.vat) }), PDF_MARGIN);
  if (order.loan) {
    doc.text(
      order.loan.deposit > 0
        ? w('depositBy', { method, reference, loan: order.loan.number })
        : w('instalmentsOnly', { loan: order.loan.number }),
    );
  } else {
    doc.text(w('paidBy', { method, reference }));
  }
  if (order.status === 'cancelled') doc.text(w('cancelled', { reason: order.cancelReason ?? '' }));
  if (customer.accountNumber && paybillNumber) {
    doc.moveDown(0.5);
    doc.text(w('paybill', { business: paybillNumber, account: customer.accountNumber }));
  }
  return finish();
}
