import type { Language } from '@ecogrid/core/agent-field';

type Registration = { agent: string; code: string; minutes: number };

/**
 * The registration code's SMS, in the language the customer chose: the first thing EcoGrid ever
 * says to them, so it must read to someone who knows neither the app nor English. It names the
 * agent, says what reading the code back agrees to, and warns against sharing it otherwise.
 */
const REGISTRATION: Record<Language, (r: Registration) => string> = {
  english: ({ agent, code, minutes }) =>
    `EcoGrid: ${agent} is registering you with EcoGrid. Reading this code back to them agrees to it and lets them act for you: ${code}. It works for ${minutes} minutes. If you do not agree, do not share it.`,
  luganda: ({ agent, code, minutes }) =>
    `EcoGrid: ${agent} akuwandiisa mu EcoGrid. Bw'omusomera ennamba eno, oba okkirizza era omuganya okukukolera: ${code}. Ekola okumala eddakiika ${minutes}. Bw'oba tokkiriza, togiwa muntu yenna.`,
  swahili: ({ agent, code, minutes }) =>
    `EcoGrid: ${agent} anakusajili na EcoGrid. Ukimsomea msimbo huu unakubali na kumruhusu akuhudumie: ${code}. Unafanya kazi kwa dakika ${minutes}. Kama hukubali, usimpe mtu yeyote.`,
};

export const registrationSms = (language: Language, registration: Registration) => REGISTRATION[language](registration);
