import { LANGUAGES, type Language } from '@ecogrid/core/agent-field';
import { normalizePhone } from '@ecogrid/core/phone';
import { updateProfile, userByPhone } from '#src/features/auth/profile.service.ts';
import type { PaymentDeps } from '#src/features/payments/payments.service.ts';
import { SUPPORT_TOPICS } from '#src/db/schema/ussd.ts';
import { textsFor } from '#src/platform/i18n.ts';
import { findCaller, startCaller, type Caller } from './ussd-callers.ts';
import { payBranch } from './ussd-pay.ts';
import { setPinBranch } from './ussd-pin.ts';
import { choiceOf, con, end, pathOf, sayer, type Screen } from './ussd-screen.ts';
import type { UssdTurn } from './ussd-turn.ts';
import { balanceBranch, loansAndOrdersBranch, tokensBranch } from './ussd-views.ts';
import { requestSupport } from './support-requests.ts';

/** What Africa's Talking posts on each step of a session. */
export type UssdRequest = {
  sessionId: string;
  serviceCode: string;
  phoneNumber: string;
  networkCode?: string | undefined;
  /** The caller's answers so far, joined by "*"; empty on the first screen. */
  text: string;
};

/** A language choice 1–3 (English, Luganda, Kiswahili), or null. */
const languageChoice = (answer: string | undefined): Language | null => {
  const n = choiceOf(answer, LANGUAGES.length);
  return n === null ? null : LANGUAGES[n - 1]!;
};

function turnFor(deps: PaymentDeps, request: UssdRequest, phone: string, userId: string, language: string): UssdTurn {
  const texts = textsFor(language);
  return {
    deps,
    sessionId: request.sessionId,
    phone,
    networkCode: request.networkCode,
    userId,
    texts,
    say: sayer(texts),
  };
}

/** 6 Change language (and the first-time choice): saved on the account, then said in the new language. */
async function saveLanguage(deps: PaymentDeps, userId: string, language: Language): Promise<void> {
  await updateProfile(deps.db, userId, { preferredLanguage: language });
}

async function menu(turn: UssdTurn, caller: Caller, path: string[]): Promise<Screen> {
  const [choice, ...rest] = path;
  switch (choice) {
    case undefined:
      return con(turn.say('menu'));
    case '1':
      return balanceBranch(turn);
    case '2':
      return payBranch(turn, caller, rest);
    case '3':
      return tokensBranch(turn, caller, rest);
    case '4':
      return loansAndOrdersBranch(turn);
    case '5': {
      if (rest[0] === undefined) return con(`${turn.say('topics')}\n${turn.say('back')}`);
      const topic = choiceOf(rest[0], SUPPORT_TOPICS.length);
      if (topic === null) return end(turn.say('badChoice'));
      await requestSupport(turn.deps.db, turn.deps, {
        customerId: turn.userId,
        sessionId: turn.sessionId,
        topic: SUPPORT_TOPICS[topic - 1]!,
      });
      return end(turn.say('supportDone'));
    }
    case '6': {
      if (rest[0] === undefined) return con(`${turn.say('chooseLanguage')}\n${turn.say('back')}`);
      const language = languageChoice(rest[0]);
      if (!language) return end(turn.say('badChoice'));
      await saveLanguage(turn.deps, turn.userId, language);
      return end(sayer(textsFor(language))('languageSaved'));
    }
    case '7':
      return setPinBranch(turn, caller, rest);
    default:
      return end(turn.say('badChoice'));
  }
}

/**
 * A number with no account asks for a language first (nothing is saved), then says in it how to
 * get an account.
 */
function welcomeStranger(answer: string | undefined): Screen {
  if (answer === undefined) return con(textsFor('english').t('ussd:chooseLanguage'));
  return end(sayer(textsFor(languageChoice(answer) ?? 'english'))('unknown'));
}

/**
 * One step of a USSD session. Nothing is kept between steps but what the answers did (a saved
 * language, a PIN, a payment): the screen is found again from `text` each time, so any process
 * answers any step. The first session of a customer opens with the language choice, and that
 * session's first answer stays the choice on each of its steps.
 */
export async function answerUssd(deps: PaymentDeps, request: UssdRequest): Promise<Screen> {
  const phone = normalizePhone(request.phoneNumber);
  const user = phone ? await userByPhone(deps.db, phone) : null;
  const answers = request.text === '' ? [] : request.text.split('*');
  if (!phone || !user || !user.isActive) return welcomeStranger(answers[0]);
  let caller = await findCaller(deps.db, user.id);
  let language = user.preferredLanguage;
  if (!caller || caller.firstSessionId === request.sessionId) {
    const [first, ...after] = answers;
    if (first === undefined) return con(textsFor(language).t('ussd:chooseLanguage'));
    const chosen = languageChoice(first);
    if (!chosen) return end(sayer(textsFor(language))('badChoice'));
    if (!caller) {
      await saveLanguage(deps, user.id, chosen);
      caller = await startCaller(deps.db, user.id, request.sessionId);
    }
    language = chosen;
    answers.splice(0, answers.length, ...after);
  }
  return menu(turnFor(deps, request, phone, user.id, language), caller, pathOf(answers));
}
