import { formatUgx } from '@ecogrid/core';
import { NETWORK_NAMES } from '@ecogrid/core/payments';
import { TAX_CLASS_LABELS, type Order } from '@ecogrid/core/orders';
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

const KAMPALA = new Intl.DateTimeFormat('en-UG', {
  timeZone: 'Africa/Kampala',
  dateStyle: 'medium',
  timeStyle: 'short',
});

/** The paid order's receipt as an A5 PDF: lines with their tax class, totals, the VAT included, the payment. */
export function receiptPdf(order: Order, customer: { name: string; phone: string | null }): Promise<Buffer> {
  const { doc, width, finish } = startPdf({
    size: 'A5',
    title: `Receipt ${order.number}`,
    subject: `Order ${order.number}`,
  });
  letterhead(doc);
  doc.font('Helvetica-Bold').fontSize(13).text(`Receipt for order ${order.number}`);
  doc.font('Helvetica').fontSize(9);
  doc.text(`Paid: ${KAMPALA.format(new Date(order.paidAt!))}`);
  doc.text(`Customer: ${customer.name}${customer.phone ? `, ${customer.phone}` : ''}`);
  if (order.address) {
    const a = order.address;
    doc.text(`Delivery to: ${a.village}, ${a.subCounty}, ${a.district}${a.directions ? ` (${a.directions})` : ''}`);
  } else if (order.pickupPoint) {
    doc.text(`Pickup at: ${order.pickupPoint.name}, ${order.pickupPoint.address}, ${order.pickupPoint.district}`);
  }
  doc.moveDown();

  const row = (item: string, qty: string, price: string, total: string, bold = false) =>
    tableRow(doc, width, COLUMNS, [item, qty, price, total], bold);
  row('Item', 'Qty', 'Unit price', 'Amount', true);
  for (const line of order.lines) {
    row(
      `${line.name}\n${line.sku} · ${TAX_CLASS_LABELS[line.taxClass]}`,
      String(line.quantity),
      formatUgx(line.unitPrice),
      formatUgx(line.lineTotal),
    );
  }
  ruleLine(doc, width);
  row('Subtotal', '', '', formatUgx(order.subtotal));
  row(
    order.fulfilment === 'pickup' ? 'Pickup' : 'Delivery',
    '',
    '',
    order.deliveryFee === 0 ? 'Free' : formatUgx(order.deliveryFee),
  );
  const method =
    order.paymentMethod === 'wallet'
      ? 'EcoGrid wallet'
      : order.paymentMethod === 'cash'
        ? 'cash to an EcoGrid agent'
        : NETWORK_NAMES[order.paymentMethod];
  const reference = order.paymentReference ? `, payment reference ${order.paymentReference}` : '';
  if (order.loan) {
    // Bought on credit: only the deposit was paid; the rest is owed on the loan.
    row('Credit price', '', '', formatUgx(order.total), true);
    row('Deposit paid', '', '', formatUgx(order.loan.deposit), true);
    row(`Owed on loan ${order.loan.number}`, '', '', formatUgx(order.total - order.loan.deposit));
  } else {
    row('Total paid', '', '', formatUgx(order.total), true);
  }
  doc.moveDown(0.5);
  doc.font('Helvetica').fontSize(8).fillColor('#444');
  doc.text(`Prices include VAT. VAT included in this order: ${formatUgx(order.vat)}.`, PDF_MARGIN);
  if (order.loan) {
    doc.text(
      order.loan.deposit > 0
        ? `Deposit paid by ${method}${reference}. The rest is paid in instalments on loan ${order.loan.number}.`
        : `Paid in instalments on loan ${order.loan.number}.`,
    );
  } else {
    doc.text(`Paid by ${method}${reference}.`);
  }
  if (order.status === 'cancelled') doc.text(`This order was later cancelled: ${order.cancelReason ?? ''}`);
  return finish();
}
