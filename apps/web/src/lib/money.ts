export { formatUgx } from '@ecogrid/core/money';
