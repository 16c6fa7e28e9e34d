import type { Db } from '../db/schema';
import { nowIso } from '../sql/timestamps';

export async function insertPasswordReset(
  db: Db,
  reset: { tokenHash: string; userId: string; expiresAt: string },
): Promise<void> {
  await db
    .insertInto('password_resets')
    .values({
      token_hash: reset.tokenHash,
      user_id: reset.userId,
      expires_at: reset.expiresAt,
      used_at: null,
      created_at: nowIso(),
    })
    .execute();
}

/** The user a reset token belongs to, if the token is unused and unexpired. */
export async function findUsableReset(
  db: Db,
  tokenHash: string,
): Promise<{ userId: string } | undefined> {
  const row = await db
    .selectFrom('password_resets')
    .select('user_id')
    .where('token_hash', '=', tokenHash)
    .where('used_at', 'is', null)
    .where('expires_at', '>', nowIso())
    .executeTakeFirst();
  return row && { userId: row.user_id };
}

/**
 * Marks one usable token spent and answers whether this call was the one that spent it, so two
 * requests racing with the same token cannot both reset the password.
 */
export async function spendReset(db: Db, tokenHash: string): Promise<boolean> {
  const now = nowIso();
  const result = await db
    .updateTable('password_resets')
    .set({ used_at: now })
    .where('token_hash', '=', tokenHash)
    .where('used_at', 'is', null)
    .where('expires_at', '>', now)
    .executeTakeFirst();
  return result.numUpdatedRows === 1n;
}

/** Spends every other outstanding token of the user. */
export async function spendAllResets(db: Db, userId: string): Promise<void> {
  await db
    .updateTable('password_resets')
    .set({ used_at: nowIso() })
    .where('user_id', '=', userId)
    .where('used_at', 'is', null)
    .execute();
}
