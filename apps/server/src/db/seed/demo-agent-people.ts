/**
 * The demo agent's book (agent@ecogrid.demo, EG-DEMO-01): the people the agent app shows on
 * first sign-in. Places are from the app's place list (Mukono and Buikwe districts).
 */

/** What a customer bought through the agent: a loan in some state, a cash order, or nothing yet. */
export type DemoBook =
  | {
      kind: 'loan';
      daysPastDue: number;
      paidInstalments: number;
      cashRepayments?: number;
      /** What the admins did once the daily run defaulted it (demo-credit-book.ts). */
      then?: 'repossession_started' | 'repossessed' | 'written_off';
    }
  | { kind: 'paid_off' }
  | { kind: 'cash_order'; by: 'cash' | 'mtn' }
  | { kind: 'none' };

export type DemoCustomer = {
  name: string;
  phone: string;
  district: string;
  subCounty: string;
  village: string;
  language: 'english' | 'luganda' | 'swahili';
  kyc: 'pending' | 'submitted' | 'verified' | 'rejected';
  book: DemoBook;
};

export const DEMO_CUSTOMERS: DemoCustomer[] = [
  {
    name: 'Nakato Sarah',
    phone: '+256772100201',
    district: 'Mukono',
    subCounty: 'Goma Division',
    village: 'Bajjo',
    language: 'luganda',
    kyc: 'verified',
    book: { kind: 'loan', daysPastDue: 0, paidInstalments: 2, cashRepayments: 1 },
  },
  {
    name: 'Ssemakula John',
    phone: '+256772100202',
    district: 'Mukono',
    subCounty: 'Kasawo',
    village: 'Bugabo',
    language: 'luganda',
    kyc: 'verified',
    book: { kind: 'loan', daysPastDue: 3, paidInstalments: 3, cashRepayments: 1 },
  },
  {
    name: 'Namubiru Harriet',
    phone: '+256772100203',
    district: 'Mukono',
    subCounty: 'Katosi Town Council',
    village: 'Bwanga',
    language: 'english',
    kyc: 'verified',
    book: { kind: 'loan', daysPastDue: 15, paidInstalments: 1 },
  },
  {
    name: 'Okello Denis',
    phone: '+256772100204',
    district: 'Buikwe',
    subCounty: 'Central Division',
    village: 'Central Lugazi',
    language: 'english',
    kyc: 'verified',
    book: { kind: 'loan', daysPastDue: 45, paidInstalments: 1, cashRepayments: 1 },
  },
  {
    name: 'Nabirye Agnes',
    phone: '+256772100205',
    district: 'Buikwe',
    subCounty: 'Kawolo Division',
    village: 'Bugamba',
    language: 'swahili',
    kyc: 'verified',
    book: { kind: 'loan', daysPastDue: 95, paidInstalments: 0 },
  },
  {
    name: 'Mugisha Robert',
    phone: '+256772100206',
    district: 'Mukono',
    subCounty: 'Kasawo Town Council',
    village: 'Kabimbiri',
    language: 'english',
    kyc: 'verified',
    book: { kind: 'paid_off' },
  },
  {
    name: 'Nantongo Juliet',
    phone: '+256772100207',
    district: 'Buikwe',
    subCounty: 'Buikwe Town Council',
    village: 'Buikwe Town',
    language: 'luganda',
    kyc: 'submitted',
    book: { kind: 'cash_order', by: 'cash' },
  },
  {
    name: 'Wasswa Peter',
    phone: '+256772100208',
    district: 'Mukono',
    subCounty: 'Goma Division',
    village: 'Baggala',
    language: 'luganda',
    kyc: 'pending',
    book: { kind: 'cash_order', by: 'mtn' },
  },
  {
    name: 'Auma Grace',
    phone: '+256772100209',
    district: 'Buikwe',
    subCounty: 'Buikwe',
    village: 'Bwaza',
    language: 'english',
    kyc: 'rejected',
    book: { kind: 'none' },
  },
  {
    name: 'Kato Ivan',
    phone: '+256772100210',
    district: 'Mukono',
    subCounty: 'Kasawo',
    village: 'Buyuki',
    language: 'luganda',
    kyc: 'pending',
    book: { kind: 'none' },
  },
  {
    name: 'Namusoke Florence',
    phone: '+256772100211',
    district: 'Buikwe',
    subCounty: 'Central Division',
    village: 'Cable',
    language: 'luganda',
    kyc: 'verified',
    book: { kind: 'cash_order', by: 'cash' },
  },
  {
    name: 'Tumusiime Brian',
    phone: '+256772100212',
    district: 'Mukono',
    subCounty: 'Katosi Town Council',
    village: 'Bugonge',
    language: 'english',
    kyc: 'submitted',
    book: { kind: 'none' },
  },
  {
    name: 'Ssekandi Moses',
    phone: '+256772100213',
    district: 'Mukono',
    subCounty: 'Goma Division',
    village: 'Bajjo',
    language: 'luganda',
    kyc: 'verified',
    book: { kind: 'loan', daysPastDue: 75, paidInstalments: 2 },
  },
  {
    name: 'Nakimuli Rose',
    phone: '+256772100214',
    district: 'Buikwe',
    subCounty: 'Kawolo Division',
    village: 'Bugamba',
    language: 'luganda',
    kyc: 'verified',
    book: { kind: 'loan', daysPastDue: 120, paidInstalments: 1, then: 'repossession_started' },
  },
  {
    name: 'Opio Samuel',
    phone: '+256772100215',
    district: 'Buikwe',
    subCounty: 'Central Division',
    village: 'Cable',
    language: 'english',
    kyc: 'verified',
    book: { kind: 'loan', daysPastDue: 130, paidInstalments: 2, then: 'repossessed' },
  },
  {
    name: 'Namukasa Betty',
    phone: '+256772100216',
    district: 'Mukono',
    subCounty: 'Kasawo',
    village: 'Bugabo',
    language: 'swahili',
    kyc: 'verified',
    book: { kind: 'loan', daysPastDue: 200, paidInstalments: 1, then: 'written_off' },
  },
];

/** Someone who applied to be an agent and waits for an admin. */
export const DEMO_APPLICANT = {
  fullName: 'Nassali Prossy',
  email: 'applicant@ecogrid.demo',
  phoneNumber: '+256772100301',
  district: 'Buikwe',
};

/** People the agent met in a village without network: kept as leads until the SMS code step. */
export const DEMO_LEADS = [
  { fullName: 'Lubega Moses', phone: '+256772100401', subCounty: 'Kasawo', village: 'Buteyongera' },
  { fullName: 'Birungi Esther', phone: '+256772100402', subCounty: 'Goma Division', village: 'Buddugala' },
];
