import { ADMIN_PAGE_SIZE } from '../../shared/api';
import type { AdminVoucher, VoucherUpdateBody } from '../../shared/vouchers';
import { poundsToPence } from '../../shared/money';
import { isUniqueViolation } from '../db/constraint-errors';
import type { ShopDatabase } from '../db/database';
import { newId } from '../db/ids';
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
const DAY_ONLY = /^\d{4}-\d{2}-\d{2}$/;

function presentAdminVoucher(voucher: StoredVoucher): AdminVoucher {
  return { ...presentVoucher(voucher), status: voucher.status };
}

/** A voucher given as a day is good until the end of that day (UTC). */
function expiryOf(expires: string): string {
  return new Date(DAY_ONLY.test(expires) ? `${expires}T23:59:59.999Z` : expires).toISOString();
}

export async function getAdminVoucher({ db }: ShopDatabase, id: string): Promise<AdminVoucher> {
  const voucher = await findVoucher(db, id);
  if (!voucher) throw new ShopError('VOUCHER_NOT_FOUND', 'Voucher not found');
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
export async function createDraftVoucher(database: ShopDatabase): Promise<AdminVoucher> {
  const id = newId();
  await insertVoucher(database.db, {
    id,
    name: '',
    code: '',
    discountPence: 0,
    expiresAt: new Date(Date.now() + DRAFT_LIFETIME_MS).toISOString(),
    status: 'draft',
  });
  return getAdminVoucher(database, id);
}

export async function saveVoucher(
  database: ShopDatabase,
  id: string,
  body: VoucherUpdateBody,
): Promise<AdminVoucher> {
  let saved: boolean;
  try {
    saved = await updateVoucher(database.db, id, {
      name: body.name,
      code: body.code,
      discountPence: poundsToPence(body.discount),
      expiresAt: expiryOf(body.expires),
      status: 'live',
      minSpendPence: body.minSpend === null ? null : poundsToPence(body.minSpend),
      maxUses: body.maxUses,
      oncePerCustomer: body.oncePerCustomer,
    });
  } catch (error) {
    if (isUniqueViolation(error)) {
      throw new ShopError('VOUCHER_CODE_TAKEN', 'That voucher code is already in use', [
        { path: 'code', message: 'That voucher code is already in use' },
      ]);
    }
    throw error;
  }
  if (!saved) throw new ShopError('VOUCHER_NOT_FOUND', 'Voucher not found');
  return getAdminVoucher(database, id);
}

export async function removeVoucher({ db }: ShopDatabase, id: string) {
  if (!(await deleteVoucher(db, id))) throw new ShopError('VOUCHER_NOT_FOUND', 'Voucher not found');
  return { message: 'Voucher removed' };
}
