/**
 * The words of the printed statements (loan and wallet) in the languages a customer may choose
 * (users.preferred_language); anything else reads English. The PDF's standard fonts have no ŋ, so
 * Luganda is written with ng' as on a keyboard without it.
 */
export type StatementLanguage = 'english' | 'luganda' | 'swahili';

export type StatementWords = {
  loanTitle: (number: string) => string;
  walletTitle: string;
  printed: string;
  customer: string;
  product: string;
  plan: string;
  device: string;
  status: string;
  period: (from: string, to: string) => string;
  schedule: string;
  payments: string;
  tokens: string;
  none: string;
  number: string;
  dueDate: string;
  due: string;
  paid: string;
  owed: string;
  date: string;
  what: string;
  method: string;
  amount: string;
  token: string;
  days: string;
  description: string;
  balance: string;
  cashPrice: string;
  creditPrice: string;
  costOfCredit: string;
  fees: string;
  forgiven: string;
  openingBalance: string;
  closingBalance: string;
  moneyIn: string;
  moneyOut: string;
  kinds: Record<'deposit' | 'repayment' | 'recovery', string>;
  methods: Record<'wallet' | 'cash' | 'mtn' | 'airtel', string>;
  statuses: Record<string, string>;
};

const ENGLISH: StatementWords = {
  loanTitle: (number) => `Loan statement ${number}`,
  walletTitle: 'Wallet statement',
  printed: 'Printed',
  customer: 'Customer',
  product: 'Product',
  plan: 'Plan',
  device: 'Device serial',
  status: 'Status',
  period: (from, to) => `From ${from} to ${to}`,
  schedule: 'Schedule',
  payments: 'Payments',
  tokens: 'Tokens issued',
  none: 'None yet',
  number: 'No.',
  dueDate: 'Due date',
  due: 'Due',
  paid: 'Paid',
  owed: 'Owed',
  date: 'Date',
  what: 'For',
  method: 'Method',
  amount: 'Amount',
  token: 'Token',
  days: 'Days',
  description: 'Description',
  balance: 'Balance',
  cashPrice: 'Cash price',
  creditPrice: 'Credit price',
  costOfCredit: 'Total cost of credit',
  fees: 'Fees added',
  forgiven: 'Discounts and amounts forgiven',
  openingBalance: 'Opening balance',
  closingBalance: 'Closing balance',
  moneyIn: 'Money in',
  moneyOut: 'Money out',
  kinds: { deposit: 'Deposit', repayment: 'Repayment', recovery: 'Recovery' },
  methods: { wallet: 'EcoGrid wallet', cash: 'Cash to an agent', mtn: 'MTN Mobile Money', airtel: 'Airtel Money' },
  statuses: {
    pending_approval: 'Waiting for approval',
    approved: 'Approved',
    active: 'Active',
    completed: 'Paid off',
    defaulted: 'Defaulted',
    cancelled: 'Cancelled',
    repossessed: 'Repossessed',
    written_off: 'Written off',
  },
};

const LUGANDA: StatementWords = {
  loanTitle: (number) => `Sitetimenti y'ebbanja ${number}`,
  walletTitle: 'Sitetimenti ya waleti',
  printed: 'Ekyakubibwa',
  customer: 'Omuguzi',
  product: 'Ekintu',
  plan: 'Enteekateeka',
  device: 'Namba ya kyuma',
  status: 'Embeera',
  period: (from, to) => `Okuva ${from} okutuuka ${to}`,
  schedule: "Enteekateeka y'okusasula",
  payments: 'Ebisasuddwa',
  tokens: 'Tokeni ezaweebwa',
  none: 'Tewannabaawo',
  number: 'Nna.',
  dueDate: "Olunaku lw'okusasula",
  due: 'Ezisasulwa',
  paid: 'Ezisasuddwa',
  owed: 'Ezisigadde',
  date: 'Olunaku',
  what: 'Kya',
  method: 'Engeri',
  amount: 'Omuwendo',
  token: 'Tokeni',
  days: 'Ennaku',
  description: 'Ebikwata ku nsasula',
  balance: 'Ebisigaddewo',
  cashPrice: 'Bbeeyi ya ssente enkalu',
  creditPrice: 'Bbeeyi ku bbanja',
  costOfCredit: "Ssente ez'enyongeza olw'ebbanja zonna",
  fees: 'Ebisale ebyongeddwako',
  forgiven: "Ebikendeezeddwa n'ebisonyiyiddwa",
  openingBalance: 'Ssente ezaaliwo ku ntandikwa',
  closingBalance: 'Ssente ezisigaddewo ku nkomerero',
  moneyIn: 'Ssente ezaayingira',
  moneyOut: 'Ssente ezaafuluma',
  kinds: { deposit: 'Omusingo', repayment: 'Okusasula', recovery: 'Ebyakomezeddwawo' },
  methods: {
    wallet: 'Waleti ya EcoGrid',
    cash: 'Ssente enkalu eri omukozi',
    mtn: 'MTN Mobile Money',
    airtel: 'Airtel Money',
  },
  statuses: {
    pending_approval: 'Erindiridde okukkirizibwa',
    approved: 'Ekkiriziddwa',
    active: 'Likola',
    completed: 'Lisasuddwa lyonna',
    defaulted: 'Lirema okusasulwa',
    cancelled: 'Lisaziddwamu',
    repossessed: 'Ekyuma kyaggyiddwayo',
    written_off: 'Lisaziddwa mu bitabo',
  },
};

const SWAHILI: StatementWords = {
  loanTitle: (number) => `Taarifa ya mkopo ${number}`,
  walletTitle: 'Taarifa ya pochi',
  printed: 'Imechapishwa',
  customer: 'Mteja',
  product: 'Bidhaa',
  plan: 'Mpango',
  device: 'Namba ya kifaa',
  status: 'Hali',
  period: (from, to) => `Kuanzia ${from} hadi ${to}`,
  schedule: 'Ratiba ya malipo',
  payments: 'Malipo',
  tokens: 'Tokeni zilizotolewa',
  none: 'Bado hakuna',
  number: 'Na.',
  dueDate: 'Tarehe ya kulipa',
  due: 'Kiasi',
  paid: 'Kilicholipwa',
  owed: 'Kinachodaiwa',
  date: 'Tarehe',
  what: 'Kwa',
  method: 'Njia',
  amount: 'Kiasi',
  token: 'Tokeni',
  days: 'Siku',
  description: 'Maelezo',
  balance: 'Salio',
  cashPrice: 'Bei taslimu',
  creditPrice: 'Bei ya mkopo',
  costOfCredit: 'Gharama yote ya mkopo',
  fees: 'Ada zilizoongezwa',
  forgiven: 'Punguzo na misamaha',
  openingBalance: 'Salio la mwanzo',
  closingBalance: 'Salio la mwisho',
  moneyIn: 'Pesa zilizoingia',
  moneyOut: 'Pesa zilizotoka',
  kinds: { deposit: 'Amana', repayment: 'Rejesho', recovery: 'Urejeshaji' },
  methods: { wallet: 'Pochi ya EcoGrid', cash: 'Taslimu kwa wakala', mtn: 'MTN Mobile Money', airtel: 'Airtel Money' },
  statuses: {
    pending_approval: 'Inasubiri kuidhinishwa',
    approved: 'Imeidhinishwa',
    active: 'Inaendelea',
    completed: 'Imelipwa yote',
    defaulted: 'Imeshindwa kulipwa',
    cancelled: 'Imeghairiwa',
    repossessed: 'Kifaa kimerudishwa',
    written_off: 'Imefutwa kwenye hesabu',
  },
};

const WORDS: Record<StatementLanguage, StatementWords> = { english: ENGLISH, luganda: LUGANDA, swahili: SWAHILI };

export const statementWords = (preferredLanguage: string): StatementWords =>
  WORDS[preferredLanguage === 'luganda' || preferredLanguage === 'swahili' ? preferredLanguage : 'english'];
