/** +256772123456 as people write it at home: 0772 123456. */
export function localPhone(e164: string | null): string {
  if (!e164) return '';
  const match = /^\+256(\d{3})(\d{6})$/.exec(e164);
  return match ? `0${match[1]} ${match[2]}` : e164;
}
