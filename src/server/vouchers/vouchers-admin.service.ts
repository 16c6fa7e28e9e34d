import { ADMIN_PAGE_SIZE } from '../../shared/api';
import type { AdminVoucher, VoucherUpdateBody } from '../../shared/vouchers/vouchers';
import { offerOfBody } from '../promotions/offer-record';
import { checkOfferReferences } from '../promotions/offer-references';
import type { ShopSettings } from '../settings/shop-settings';
import { changedFields, recordChange, type Actor } from '../audit/audit-log';
import { isUniqueViolation } from '../db/constraint-errors';
import type { ShopDatabase } from '../db/database';
import { newId } from '../sql/ids';
import { endOf, startOf } from '../promotions/offer-dates';
import { ShopError } from '../http/errors';
import {
  deleteVoucher,
  findVoucher,
  insertVoucher,
  listVouchers,
  updateVoucher,
} from './vouchers.repository';
import type { StoredVoucher } from './voucher';
import { presentVoucher } from './vouchers.service';
import { pageCount, pageOffset } from '../http/paging';

const DRAFT_LIFETIME_MS = 30 * 24 * 60 * 60 * 1000;

const voucherNotFound = () => new ShopError('VOUCHER_NOT_FOUND', 'Voucher not found');

function presentAdminVoucher(voucher: StoredVoucher): AdminVoucher {
  return { ...presentVoucher(voucher), status: voucher.status };
}

export async function getAdminVoucher({ db }: ShopDatabase, id: string): Promise<AdminVoucher> {
  const voucher = await findVoucher(db, id);
  if (!voucher) throw voucherNotFound();
  return presentAdminVoucher(voucher);
}

export async function listAdminVouchers({ db }: ShopDatabase, pageNumber: number) {
  const { vouchers, total } = await listVouchers(
    db,
    pageOffset(pageNumber, ADMIN_PAGE_SIZE),
    ADMIN_PAGE_SIZE,
  );
  return {
    vouchers: vouchers.map(presentAdminVoucher),
    page: pageNumber,
    pages: pageCount(total, ADMIN_PAGE_SIZE),
  };
}

/** An empty draft voucher, which no shopper can use until it is saved. */
export async function createDraftVoucher(
  database: ShopDatabase,
  admin: Actor,
): Promise<AdminVoucher> {
  const id = newId();
  await database.db.transaction().execute(async (trx) => {
    await insertVoucher(trx, {
      id,
      name: '',
      code: '',
      discountPence: 0,
      expiresAt: new Date(Date.now() + DRAFT_LIFETIME_MS).toISOString(),
      status: 'draft',
    });
    await recordChange(trx, admin, {
      action: 'voucher.created',
      target: { type: 'voucher', id, label: 'New draft' },
      after: { status: 'draft' },
    });
  });
  return getAdminVoucher(database, id);
}

/** The voucher a save stores: live, money in pence, a day's expiry at its end. */
const fieldsOf = (body: VoucherUpdateBody) => ({
  ...offerOfBody(body),
  name: body.name,
  code: body.code,
  expiresAt: endOf(body.expires),
  startsAt: body.starts ? startOf(body.starts) : null,
  status: 'live' as const,
  maxUses: body.maxUses,
  oncePerCustomer: body.oncePerCustomer,
  stacks: body.stacks,
});

/** What the back office's vouchers are saved with: the database, and the delivery services. */
export interface VouchersContext {
  database: ShopDatabase;
  settings: ShopSettings;
}

/**
 * The voucher a save stores, once what it names is known: its products and services exist, and
 * it starts before it expires.
 */
async function storedFieldsOf({ database, settings }: VouchersContext, body: VoucherUpdateBody) {
  const fields = fieldsOf(body);
  if (fields.startsAt !== null && fields.startsAt >= fields.expiresAt) {
    const message = 'The voucher must start before it expires';
    throw new ShopError('VALIDATION_FAILED', message, [{ path: 'starts', message }]);
  }
  await checkOfferReferences(database.db, settings.current(), fields);
  return fields;
}

/** Another voucher has the code, in any case: said under the code field. */
function codeTaken(error: unknown): unknown {
  if (!isUniqueViolation(error)) return error;
  return new ShopError('VOUCHER_CODE_TAKEN', 'That voucher code is already in use', [
    { path: 'code', message: 'That voucher code is already in use' },
  ]);
}

/** A voucher as the audit log keeps it: what the owner sets, money in pounds. */
function factsOfVoucher(voucher: StoredVoucher) {
  const facts: Partial<AdminVoucher> = presentAdminVoucher(voucher);
  delete facts._id;
  return facts;
}

/**
 * A voucher made whole at once, live for shoppers: what the back office's form makes, so that
 * nothing is stored until the owner saves a valid voucher.
 */
export async function createVoucher(
  context: VouchersContext,
  admin: Actor,
  body: VoucherUpdateBody,
): Promise<AdminVoucher> {
  const { database } = context;
  const id = newId();
  const fields = await storedFieldsOf(context, body);
  try {
    await database.db.transaction().execute(async (trx) => {
      await insertVoucher(trx, { id, ...fields });
      const made = await findVoucher(trx, id);
      if (!made) throw voucherNotFound();
      await recordChange(trx, admin, {
        action: 'voucher.created',
        target: { type: 'voucher', id, label: made.code },
        after: factsOfVoucher(made),
      });
    });
  } catch (error) {
    throw codeTaken(error);
  }
  return getAdminVoucher(database, id);
}

export async function saveVoucher(
  context: VouchersContext,
  admin: Actor,
  id: string,
  body: VoucherUpdateBody,
): Promise<AdminVoucher> {
  const { database } = context;
  const fields = await storedFieldsOf(context, body);
  try {
    await database.db.transaction().execute(async (trx) => {
      const before = await findVoucher(trx, id);
      const saved = before !== undefined && (await updateVoucher(trx, id, fields));
      const after = saved ? await findVoucher(trx, id) : undefined;
      if (!before || !after) throw voucherNotFound();
      const changed = changedFields(factsOfVoucher(before), factsOfVoucher(after));
      if (changed) {
        await recordChange(trx, admin, {
          action: 'voucher.updated',
          target: { type: 'voucher', id, label: after.code },
          ...changed,
        });
      }
    });
  } catch (error) {
    throw codeTaken(error);
  }
  return getAdminVoucher(database, id);
}

export async function removeVoucher({ db }: ShopDatabase, admin: Actor, id: string) {
  await db.transaction().execute(async (trx) => {
    const voucher = await findVoucher(trx, id);
    if (!voucher || !(await deleteVoucher(trx, id))) throw voucherNotFound();
    await recordChange(trx, admin, {
      action: 'voucher.deleted',
      target: { type: 'voucher', id, label: voucher.code || 'Draft' },
      before: factsOfVoucher(voucher),
    });
  });
  return { message: 'Voucher removed' };
}
