import { kampalaDate } from '@ecogrid/core/credit';

/** Today's date in Kampala (yyyy-mm-dd): the day a schedule shown before buying would start. */
export const today = () => kampalaDate(new Date());

/** A device token as people read it out and type it: digits in threes, "123 456 789". */
export const groupDigits = (token: string) => token.replace(/\s/g, '').replace(/(\d{3})(?=\d)/g, '$1 ');
