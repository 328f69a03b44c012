import type { MobileNetwork } from '@ecogrid/core';
import { africasTalkingBalance } from '#src/platform/sms.ts';
import type { Check, CheckOutcome, DiagnosticsDeps } from './types.ts';

export function smtpCheck(deps: DiagnosticsDeps): Check {
  return {
    name: 'smtp',
    async run(_signal, starter): Promise<CheckOutcome> {
      if (deps.mailer.provider === null) {
        return { status: 'warn', message: 'No SMTP server is set up (SMTP_URL): email waits in the outbox.' };
      }
      const to = deps.mailTo ?? starter?.email ?? null;
      if (!to) {
        return {
          status: 'warn',
          message: 'No test message was sent: set DIAGNOSTICS_EMAIL to test email on the hourly run.',
        };
      }
      await deps.mailer.deliver({
        to,
        subject: 'EcoGrid system check',
        text: `This message tests that EcoGrid can send email. Sent ${new Date().toISOString()}; nothing to do.`,
      });
      return { status: 'ok', message: `The SMTP server took a test message to ${to}.`, details: { to } };
    },
  };
}

export function smsCheck(deps: DiagnosticsDeps): Check {
  return {
    name: 'sms',
    async run(signal): Promise<CheckOutcome> {
      const balance = await africasTalkingBalance(deps.sms, signal);
      if (balance === null) {
        return { status: 'warn', message: 'No SMS provider is set up (AT_USERNAME): SMS waits in the outbox.' };
      }
      return {
        status: 'ok',
        message: `Africa's Talking answered; the account holds ${balance}.`,
        details: { balance, baseUrl: deps.sms.AT_BASE_URL ?? null },
      };
    },
  };
}

const NETWORK_NAMES: Record<MobileNetwork, string> = { mtn: 'MTN MoMo', airtel: 'Airtel Money' };

export function mobileMoneyCheck(deps: DiagnosticsDeps, network: MobileNetwork): Check {
  return {
    name: network,
    async run(signal): Promise<CheckOutcome> {
      const name = NETWORK_NAMES[network];
      const mode = deps.mobileMoney.modes[network];
      if (mode === 'off') {
        return { status: 'warn', message: `${name} is not set up: it takes no payments.`, details: { mode } };
      }
      const account = await deps.mobileMoney.networks[network].account(signal);
      const details = { mode, ...account };
      if (mode === 'sandbox') {
        return { status: 'ok', message: `${name} goes to the built-in sandbox (test money), which answered.`, details };
      }
      const held = [account.currency, account.balance].filter(Boolean).join(' ');
      const balance = account.balance === null ? '' : `; the collection account holds ${held}`;
      return { status: 'ok', message: `${name} gave a token and answered${balance}.`, details };
    },
  };
}
