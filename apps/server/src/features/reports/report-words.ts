import type { ColumnKind, ReportCell, ReportName } from '@ecogrid/core/reports';

/** The English names of the reports, their tables and columns, for CSV headers and PDFs. */
export const REPORT_TITLES: Record<ReportName, string> = {
  sales: 'Sales',
  collections: 'Collections',
  credit: 'Credit',
  agents: 'Agents',
  stock: 'Stock',
};

export const TABLE_TITLES: Record<string, string> = {
  by_mode: 'Cash and credit',
  by_day: 'By day',
  by_product: 'By product',
  by_category: 'By category',
  by_district: 'By district',
  by_agent: 'By agent',
  by_network: 'By network',
  portfolio: 'Portfolio by arrears bucket',
  par_history: 'Portfolio at risk over time',
  vintages: 'Loans by start month',
  roll_rates: 'Roll rates, month end to next month end',
  defaults: 'Defaults and write-offs',
  leaderboard: 'Leaderboard',
  on_hand: 'On hand',
  movements: 'Movements',
  low_stock: 'Low stock',
};

const COLUMN_TITLES: Record<string, string> = {
  mode: 'Mode',
  amount: 'Amount (UGX)',
  orders: 'Orders',
  units: 'Units',
  day: 'Day',
  cash: 'Cash (UGX)',
  credit: 'Credit (UGX)',
  product: 'Product',
  category: 'Category',
  district: 'District',
  agent: 'Agent',
  expected: 'Expected (UGX)',
  collected: 'Collected (UGX)',
  payments: 'Payments',
  collected_share: 'Collected of expected',
  network: 'Network',
  bucket: 'Bucket',
  outstanding: 'Outstanding (UGX)',
  loans: 'Loans',
  par1: 'PAR 1',
  par30: 'PAR 30',
  par60: 'PAR 60',
  par90: 'PAR 90',
  month: 'Month',
  paid: 'Paid (UGX)',
  repaid_share: 'Repaid',
  owed: 'Owed now (UGX)',
  late_share: 'Owed 30+ days late',
  from: 'From bucket',
  to_current: 'To current',
  to_par1: 'To PAR 1',
  to_par30: 'To PAR 30',
  to_par60: 'To PAR 60',
  to_par90: 'To PAR 90',
  to_defaulted: 'To defaulted',
  to_closed: 'Closed',
  defaulted: 'Defaulted (UGX)',
  defaults: 'Defaults',
  written_off: 'Written off (UGX)',
  write_offs: 'Write-offs',
  sales: 'Sales (UGX)',
  sales_target: 'Sales target (UGX)',
  collections: 'Collections (UGX)',
  collections_target: 'Collections target (UGX)',
  commission: 'Commission (UGX)',
  stock: 'Stock',
  value: 'Value (UGX)',
  sku: 'SKU',
  adjusted: 'Adjusted',
  reserved: 'Reserved by orders',
  released: 'Given back',
  net: 'Net change',
};

const CODES: Record<string, string> = {
  cash: 'Cash',
  credit: 'Credit',
  mtn: 'MTN',
  airtel: 'Airtel',
  wallet: 'Wallet',
  current: 'Current',
  par1: 'PAR 1',
  par30: 'PAR 30',
  par60: 'PAR 60',
  par90: 'PAR 90',
  defaulted: 'Defaulted',
};

export const NOTES: Record<string, string> = {
  no_targets: 'No agent has targets set for the months of this range.',
};

export const columnTitle = (key: string) => COLUMN_TITLES[key] ?? key;

/** A cell as the PDF prints it: money with thousands separators, shares as percents, none as a dash. */
export function pdfCell(kind: ColumnKind, value: ReportCell): string {
  if (value === null) return '–';
  if (typeof value === 'number') {
    if (kind === 'bp') return `${(value / 100).toFixed(1)}%`;
    return value.toLocaleString('en-UG');
  }
  return kind === 'code' ? (CODES[value] ?? value) : value;
}
