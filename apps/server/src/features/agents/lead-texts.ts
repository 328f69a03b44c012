import { textsFor } from '#src/platform/i18n.ts';

type Registration = { agent: string; code: string; minutes: number };

/**
 * The registration code's SMS, in the language the customer chose: the first thing EcoGrid ever
 * says to them, so it must read to someone who knows neither the app nor English. It names the
 * agent, says what reading the code back agrees to, and warns against sharing it otherwise.
 */
export const registrationSms = (language: string, registration: Registration) =>
  textsFor(language).t('sms:registration', registration);
