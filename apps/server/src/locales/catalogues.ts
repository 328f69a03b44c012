import enCommon from './en/common.json' with { type: 'json' };
import lgCommon from './lg/common.json' with { type: 'json' };
import swCommon from './sw/common.json' with { type: 'json' };
import enUssd from './en/ussd.json' with { type: 'json' };
import lgUssd from './lg/ussd.json' with { type: 'json' };
import swUssd from './sw/ussd.json' with { type: 'json' };

/**
 * What the server writes to people (SMS, email, notifications, PDFs, USSD screens, API error
 * messages), one catalogue per namespace and language. A namespace is added here in all three
 * languages at once; catalogues.test.ts checks every key and placeholder matches across them.
 */
export const NAMESPACES = ['common', 'ussd'] as const;

export const CATALOGUES = {
  en: { common: enCommon, ussd: enUssd },
  lg: { common: lgCommon, ussd: lgUssd },
  sw: { common: swCommon, ussd: swUssd },
};
