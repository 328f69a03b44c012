import { loadDotEnv, loadSettings } from './config.ts';
import {
  africasTalkingCallbackPath,
  africasTalkingToken,
  type AfricasTalkingCallback,
} from './platform/africastalking-callbacks.ts';

// Prints the addresses to give Africa's Talking (npm run at-callbacks -w apps/server), from the
// same settings the server reads: AT_CALLBACK_TOKEN when set, else the token derived from AUTH_SECRET.
loadDotEnv();
const settings = loadSettings();
const token = africasTalkingToken(settings);
const kinds: { kind: AfricasTalkingCallback; where: string }[] = [
  { kind: 'ussd', where: 'USSD > service code > callback URL' },
  { kind: 'sms-delivery', where: 'SMS > delivery reports callback URL' },
  { kind: 'payments', where: 'Payments > notification callback URL' },
];
for (const { kind, where } of kinds) {
  console.log(`${where}:\n  ${settings.PUBLIC_URL}${africasTalkingCallbackPath(token, kind)}`);
}
