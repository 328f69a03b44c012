/** What other features use of messaging: writing a message again whose text was dropped once sent. */
export { onRebuildMessage } from './sms-delivery.ts';
