import { withInMemoryShop } from '../in-memory-shop';
import { heading, median, type SummaryLine } from './report';

const ROUNDS = 15;

/**
 * How long a refused sign-in takes for an email with an account and for one without. The two
 * should match: a difference would tell an outsider which emails have accounts.
 */
export function signInTiming(): Promise<SummaryLine[]> {
  return withInMemoryShop(async (app) => {
    let address = 0;
    const attempt = async (email: string) => {
      address += 1;
      const start = process.hrtime.bigint();
      await app.inject({
        method: 'POST',
        url: '/api/users/login',
        payload: { email, password: 'not the password' },
        remoteAddress: `10.9.${Math.floor(address / 250)}.${(address % 250) + 1}`,
      });
      return Number(process.hrtime.bigint() - start) / 1e6;
    };
    const known: number[] = [];
    const unknown: number[] = [];
    for (let round = 0; round <= ROUNDS; round += 1) {
      // A fresh account each round, so its own failure limit never answers for it.
      const email = `bench${round}@example.com`;
      await app.inject({
        method: 'POST',
        url: '/api/users',
        payload: { email, password: 'bench password' },
        remoteAddress: `10.8.0.${round + 1}`,
      });
      const knownMs = await attempt(email);
      const unknownMs = await attempt(`nobody${round}@example.com`);
      if (round > 0) {
        known.push(knownMs);
        unknown.push(unknownMs);
      }
    }
    const ratio = median(unknown) / median(known);
    heading(`Refused sign-in (median of ${ROUNDS})`);
    console.info(`  wrong password, account exists:  ${median(known).toFixed(1)} ms`);
    console.info(`  no such account:                 ${median(unknown).toFixed(1)} ms`);
    console.info(`  ratio:                           ${ratio.toFixed(2)}`);
    return [{ measure: 'refused sign-in, no account / account', figure: ratio.toFixed(2) }];
  });
}
