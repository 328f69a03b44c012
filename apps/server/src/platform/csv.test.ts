import { describe, expect, it } from 'vitest';
import { csvLine } from './csv.ts';

describe('csvLine', () => {
  it('quotes commas, quotes and line breaks as RFC 4180 says', () => {
    expect(csvLine(['Nakato, "Sarah"', 'a\nb', 'plain', null])).toBe('"Nakato, ""Sarah""","a\nb",plain,\r\n');
  });

  it('puts an apostrophe before text a spreadsheet would take for a formula', () => {
    expect(csvLine(['=HYPERLINK("http://x")', '+256700000001', '-2+3', '@SUM(A1)', '\tcmd', '\r=1+1', 'Okello'])).toBe(
      `"'=HYPERLINK(""http://x"")",'+256700000001,'-2+3,'@SUM(A1),'\tcmd,"'\r=1+1",Okello\r\n`,
    );
  });

  it('writes numbers as they are, negative ones too', () => {
    expect(csvLine([-1500, 0, 250_000])).toBe('-1500,0,250000\r\n');
  });
});
