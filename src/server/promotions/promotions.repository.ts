import type { Db } from '../db/schema';
import { alongRead, countRows, readPage } from '../sql/page-read';
import { nowIso, toIsoString } from '../sql/timestamps';
import { offerOfRow, rowOfOffer } from './offer-record';
import type { StoredPromotion } from './promotion';
import type { PromotionRow } from './promotions.table';

function toStoredPromotion(row: PromotionRow): StoredPromotion {
  return {
    ...offerOfRow(row),
    id: row.id,
    name: row.name,
    startsAt: toIsoString(row.starts_at),
    endsAt: toIsoString(row.ends_at),
  };
}

const columnsOf = (promotion: Omit<StoredPromotion, 'id'>) => ({
  ...rowOfOffer(promotion),
  name: promotion.name,
  starts_at: promotion.startsAt,
  ends_at: promotion.endsAt,
});

export async function insertPromotion(db: Db, promotion: StoredPromotion): Promise<void> {
  const now = nowIso();
  await db
    .insertInto('promotions')
    .values({ id: promotion.id, ...columnsOf(promotion), created_at: now, updated_at: now })
    .execute();
}

/** Saves every field of a promotion; answers whether it exists. */
export async function updatePromotion(db: Db, promotion: StoredPromotion): Promise<boolean> {
  const result = await db
    .updateTable('promotions')
    .set({ ...columnsOf(promotion), updated_at: nowIso() })
    .where('id', '=', promotion.id)
    .executeTakeFirst();
  return result.numUpdatedRows === 1n;
}

export async function deletePromotion(db: Db, id: string): Promise<boolean> {
  const result = await db.deleteFrom('promotions').where('id', '=', id).executeTakeFirst();
  return result.numDeletedRows === 1n;
}

export async function findPromotion(db: Db, id: string): Promise<StoredPromotion | undefined> {
  const row = await db.selectFrom('promotions').selectAll().where('id', '=', id).executeTakeFirst();
  return row && toStoredPromotion(row);
}

/** The promotions live at a moment: started, not yet ended; newest first. */
export async function findLivePromotions(db: Db, at: string): Promise<StoredPromotion[]> {
  const rows = await db
    .selectFrom('promotions')
    .selectAll()
    .where('ends_at', '>', at)
    .where('starts_at', '<=', at)
    .orderBy('created_at', 'desc')
    .orderBy('id')
    .execute();
  return rows.map(toStoredPromotion);
}

/** Every promotion, the latest to end first, with how many there are. */
export async function listPromotions(
  db: Db,
  offset: number,
  limit: number,
): Promise<{ promotions: StoredPromotion[]; total: number }> {
  const { rows, total } = await readPage(
    { offset, limit },
    () => countRows(db.selectFrom('promotions')),
    (at) =>
      alongRead(db.selectFrom('promotions').selectAll(), at, [
        ['ends_at', 'desc'],
        ['id', 'asc'],
      ]).execute(),
  );
  return { promotions: rows.map(toStoredPromotion), total };
}
