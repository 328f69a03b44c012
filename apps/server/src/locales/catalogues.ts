import enCommon from './en/common.json' with { type: 'json' };
import enEmail from './en/email.json' with { type: 'json' };
import enErrors from './en/errors.json' with { type: 'json' };
import enNotifications from './en/notifications.json' with { type: 'json' };
import enReceipts from './en/receipts.json' with { type: 'json' };
import enSms from './en/sms.json' with { type: 'json' };
import enStatements from './en/statements.json' with { type: 'json' };
import lgCommon from './lg/common.json' with { type: 'json' };
import lgEmail from './lg/email.json' with { type: 'json' };
import lgErrors from './lg/errors.json' with { type: 'json' };
import lgNotifications from './lg/notifications.json' with { type: 'json' };
import lgReceipts from './lg/receipts.json' with { type: 'json' };
import lgSms from './lg/sms.json' with { type: 'json' };
import lgStatements from './lg/statements.json' with { type: 'json' };
import swCommon from './sw/common.json' with { type: 'json' };
import swEmail from './sw/email.json' with { type: 'json' };
import swErrors from './sw/errors.json' with { type: 'json' };
import swNotifications from './sw/notifications.json' with { type: 'json' };
import swReceipts from './sw/receipts.json' with { type: 'json' };
import swSms from './sw/sms.json' with { type: 'json' };
import swStatements from './sw/statements.json' with { type: 'json' };
import enUssd from './en/ussd.json' with { type: 'json' };
import enOrders from './en/orders.json' with { type: 'json' };
import lgUssd from './lg/ussd.json' with { type: 'json' };
import lgOrders from './lg/orders.json' with { type: 'json' };
import swUssd from './sw/ussd.json' with { type: 'json' };
import swOrders from './sw/orders.json' with { type: 'json' };
import enLoanNotices from './en/loan-notices.json' with { type: 'json' };
import lgLoanNotices from './lg/loan-notices.json' with { type: 'json' };
import swLoanNotices from './sw/loan-notices.json' with { type: 'json' };
import enSupport from './en/support.json' with { type: 'json' };
import lgSupport from './lg/support.json' with { type: 'json' };
import swSupport from './sw/support.json' with { type: 'json' };
import enReports from './en/reports.json' with { type: 'json' };
import lgReports from './lg/reports.json' with { type: 'json' };
import swReports from './sw/reports.json' with { type: 'json' };

/**
 * What the server writes to people (SMS, email, notifications, PDFs, USSD screens, API error
 * messages), one catalogue per namespace and language. A namespace is added here in all three
 * languages at once; catalogues.test.ts checks every key and placeholder matches across them.
 */
export const NAMESPACES = [
  'common',
  'statements',
  'sms',
  'errors',
  'notifications',
  'email',
  'receipts',
  'ussd',
  'orders',
  'loan-notices',
  'support',
  'reports',
] as const;

export const CATALOGUES = {
  en: {
    common: enCommon,
    statements: enStatements,
    sms: enSms,
    errors: enErrors,
    notifications: enNotifications,
    email: enEmail,
    receipts: enReceipts,
    ussd: enUssd,
    orders: enOrders,
    'loan-notices': enLoanNotices,
    support: enSupport,
    reports: enReports,
  },
  lg: {
    common: lgCommon,
    statements: lgStatements,
    sms: lgSms,
    errors: lgErrors,
    notifications: lgNotifications,
    email: lgEmail,
    receipts: lgReceipts,
    ussd: lgUssd,
    orders: lgOrders,
    'loan-notices': lgLoanNotices,
    support: lgSupport,
    reports: lgReports,
  },
  sw: {
    common: swCommon,
    statements: swStatements,
    sms: swSms,
    errors: swErrors,
    notifications: swNotifications,
    email: swEmail,
    receipts: swReceipts,
    ussd: swUssd,
    orders: swOrders,
    'loan-notices': swLoanNotices,
    support: swSupport,
    reports: swReports,
  },
};
