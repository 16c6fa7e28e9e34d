import { ADMIN_PAGE_SIZE } from '../../shared/api';
import type {
  Promotion,
  PromotionBody,
  PromotionPage,
  PromotionState,
} from '../../shared/promotions/promotions';
import type { ShopSettings } from '../settings/shop-settings';
import { recordChange, changedFields, type Actor } from '../audit/audit-log';
import type { ShopDatabase } from '../db/database';
import { ShopError } from '../http/errors';
import { pageCount, pageOffset } from '../http/paging';
import { newId } from '../sql/ids';
import { endOf, startOf } from './offer-dates';
import { offerOfBody, presentOffer } from './offer-record';
import { checkOfferReferences } from './offer-references';
import type { StoredPromotion } from './promotion';
import {
  deletePromotion,
  findPromotion,
  insertPromotion,
  listPromotions,
  updatePromotion,
} from './promotions.repository';

/** What the back office's promotions are kept with: the database, and the delivery services. */
export interface PromotionsContext {
  database: ShopDatabase;
  settings: ShopSettings;
}

const promotionNotFound = () => new ShopError('PROMOTION_NOT_FOUND', 'Promotion not found');

function stateAt(promotion: StoredPromotion, now: Date): PromotionState {
  if (new Date(promotion.startsAt) > now) return 'scheduled';
  return new Date(promotion.endsAt) > now ? 'live' : 'ended';
}

export function presentPromotion(promotion: StoredPromotion, now = new Date()): Promotion {
  return {
    ...presentOffer(promotion),
    _id: promotion.id,
    name: promotion.name,
    starts: promotion.startsAt,
    ends: promotion.endsAt,
    state: stateAt(promotion, now),
  };
}

/** A promotion as the audit log keeps it: what the owner sets, money in pounds. */
function factsOf(promotion: StoredPromotion) {
  const { name, starts, ends, ...offer } = presentPromotion(promotion);
  return {
    name,
    starts,
    ends,
    kind: offer.kind,
    discount: offer.discount,
    percent: offer.percent,
    cap: offer.cap,
    services: offer.services,
    appliesTo: offer.appliesTo,
    minSpend: offer.minSpend,
  };
}

/** The promotion a body makes, its days made moments (a start at its start, an end at its end). */
async function promotionOfBody(
  { database, settings }: PromotionsContext,
  id: string,
  body: PromotionBody,
): Promise<StoredPromotion> {
  const promotion = {
    ...offerOfBody(body),
    id,
    name: body.name,
    startsAt: startOf(body.starts),
    endsAt: endOf(body.ends),
  };
  if (promotion.endsAt <= promotion.startsAt) {
    const message = 'The end must come after the start';
    throw new ShopError('VALIDATION_FAILED', message, [{ path: 'ends', message }]);
  }
  await checkOfferReferences(database.db, settings.current(), promotion);
  return promotion;
}

export async function listAdminPromotions(
  { database }: PromotionsContext,
  pageNumber: number,
): Promise<PromotionPage> {
  const { promotions, total } = await listPromotions(
    database.db,
    pageOffset(pageNumber, ADMIN_PAGE_SIZE),
    ADMIN_PAGE_SIZE,
  );
  const now = new Date();
  return {
    promotions: promotions.map((promotion) => presentPromotion(promotion, now)),
    page: pageNumber,
    pages: pageCount(total, ADMIN_PAGE_SIZE),
  };
}

export async function getPromotion({ database }: PromotionsContext, id: string) {
  const promotion = await findPromotion(database.db, id);
  if (!promotion) throw promotionNotFound();
  return presentPromotion(promotion);
}

export async function createPromotion(
  context: PromotionsContext,
  admin: Actor,
  body: PromotionBody,
): Promise<Promotion> {
  const promotion = await promotionOfBody(context, newId(), body);
  await context.database.db.transaction().execute(async (trx) => {
    await insertPromotion(trx, promotion);
    await recordChange(trx, admin, {
      action: 'promotion.created',
      target: { type: 'promotion', id: promotion.id, label: promotion.name },
      after: factsOf(promotion),
    });
  });
  return presentPromotion(promotion);
}

export async function savePromotion(
  context: PromotionsContext,
  admin: Actor,
  id: string,
  body: PromotionBody,
): Promise<Promotion> {
  const promotion = await promotionOfBody(context, id, body);
  await context.database.db.transaction().execute(async (trx) => {
    const before = await findPromotion(trx, id);
    if (!before || !(await updatePromotion(trx, promotion))) throw promotionNotFound();
    const changed = changedFields(factsOf(before), factsOf(promotion));
    if (changed) {
      await recordChange(trx, admin, {
        action: 'promotion.updated',
        target: { type: 'promotion', id, label: promotion.name },
        ...changed,
      });
    }
  });
  return presentPromotion(promotion);
}

export async function removePromotion({ database }: PromotionsContext, admin: Actor, id: string) {
  await database.db.transaction().execute(async (trx) => {
    const promotion = await findPromotion(trx, id);
    if (!promotion || !(await deletePromotion(trx, id))) throw promotionNotFound();
    await recordChange(trx, admin, {
      action: 'promotion.deleted',
      target: { type: 'promotion', id, label: promotion.name },
      before: factsOf(promotion),
    });
  });
  return { message: 'Promotion removed' };
}
