// Writes src/server/delivery/bank-holidays.data.ts: the bank holidays of England and Wales for
// each year the shop dates deliveries in, as the date-holidays library keeps them (substitute days
// and the one-off days a government adds included). The shop reads the list rather than the
// library, whose every country's rules would cost each instance some 24 MB. Run after upgrading
// date-holidays: `npm run bank-holidays`; a unit test fails while the list and the library differ.
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { BANK_HOLIDAY_YEARS, bankHolidaysFromLibrary } from './bank-holidays-source';

const target = path.resolve('src/server/delivery/bank-holidays.data.ts');
const days = bankHolidaysFromLibrary();
writeFileSync(
  target,
  `// Written by \`npm run bank-holidays\` from the date-holidays library: do not edit by hand.\n` +
    `export const BANK_HOLIDAYS_OF_ENGLAND_AND_WALES: readonly string[] = ${JSON.stringify(days)};\n`,
);
const { first, last } = BANK_HOLIDAY_YEARS;
console.log(`${String(days.length)} bank holidays from ${String(first)} to ${String(last)}`);
