/** The GSM-7 rules live in the shared package, so the web app counts SMS parts as the server does. */
export { nonGsm7, smsParts } from '@ecogrid/core/sms-parts';
