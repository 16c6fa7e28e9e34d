import { Migrator, type Migration, type MigrationProvider } from 'kysely';
import type { ShopDatabase } from './database';
import { catalogueAndUsers } from './migrations/001-catalogue-and-users';
import { sessionsAndPasswordResets } from './migrations/002-sessions-and-password-resets';
import { vouchersPaymentsAndOrders } from './migrations/003-vouchers-payments-and-orders';
import { paymentLedgerAndOrderLife } from './migrations/004-payment-ledger-and-order-life';
import { optionsAndVariants } from './migrations/005-options-and-variants';
import { catalogueGeneration } from './migrations/006-catalogue-generation';
import { searchWordsAndShelves } from './migrations/007-search-words-and-shelves';
import { mailOutbox } from './migrations/008-mail-outbox';
import { storedImages } from './migrations/009-stored-images';
import { refundReservesAndReconciling } from './migrations/010-refund-reserves-and-reconciling';
import { newsletterConsent } from './migrations/011-newsletter-consent';
import { ownersDesk } from './migrations/012-owners-desk';
import { deskIndexes } from './migrations/013-desk-indexes';
import { backOfficeSpeed } from './migrations/014-back-office-speed';
import { auditWords } from './migrations/015-audit-words';
import { datedOrderWords } from './migrations/016-dated-order-words';
import { guestsAndGifts } from './migrations/017-guests-and-gifts';
import { productGallery } from './migrations/018-product-gallery';
import { addressBook } from './migrations/019-address-book';
import { reviewModeration } from './migrations/021-review-moderation';
import { wishlist } from './migrations/020-wishlist';
import { keptSearchTerms } from './migrations/022-kept-search-terms';
import { catalogueChangesByProduct } from './migrations/023-catalogue-changes-by-product';
import { listsReadInOrder } from './migrations/024-lists-read-in-order';
import { oneSenderPerMail } from './migrations/025-one-sender-per-mail';
import { sitemapOrder } from './migrations/026-sitemap-order';
import { liveProductsCounted } from './migrations/027-live-products-counted';
import { paidOrdersWithTheirVat } from './migrations/028-paid-orders-with-their-vat';
import { settings } from './migrations/029-settings';
import { openOrdersOutliveClosedAccounts } from './migrations/030-open-orders-outlive-closed-accounts';
import { returnsClosedAndExchanges } from './migrations/031-returns-closed-and-exchanges';
import { giftRecipientsAndBoundPayments } from './migrations/032-gift-recipients-and-bound-payments';
import { guestCustomersAndNotes } from './migrations/033-guest-customers-and-notes';
import { deliveryServices } from './migrations/034-delivery-services';
import { waysToPay } from './migrations/035-ways-to-pay';
import { offersAndLineDiscounts } from './migrations/036-offers-and-line-discounts';
import { priceHistory } from './migrations/037-price-history';
import { giftCards } from './migrations/038-gift-cards';
import { giftCardOrders } from './migrations/039-gift-card-orders';
import { productFacets } from './migrations/040-product-facets';
import { madeToOrderAndPreorders } from './migrations/042-made-to-order-and-pre-orders';
import { consents } from './migrations/043-consents';
import { personalisation } from './migrations/044-personalisation';
import { keptBaskets } from './migrations/045-kept-baskets';
import { newsletters } from './migrations/046-newsletters';

/** Migrations are listed here rather than read from disk, so the bundled server carries them. */
function migrationsFor(dialect: ShopDatabase['dialect']): Record<string, Migration> {
  return {
    '001-catalogue-and-users': catalogueAndUsers(dialect),
    '002-sessions-and-password-resets': sessionsAndPasswordResets(dialect),
    '003-vouchers-payments-and-orders': vouchersPaymentsAndOrders(dialect),
    '004-payment-ledger-and-order-life': paymentLedgerAndOrderLife(dialect),
    '005-options-and-variants': optionsAndVariants(dialect),
    '006-catalogue-generation': catalogueGeneration(dialect),
    '007-search-words-and-shelves': searchWordsAndShelves(dialect),
    '008-mail-outbox': mailOutbox(dialect),
    '009-stored-images': storedImages(dialect),
    '010-refund-reserves-and-reconciling': refundReservesAndReconciling(dialect),
    '011-newsletter-consent': newsletterConsent(dialect),
    '012-owners-desk': ownersDesk(dialect),
    '013-desk-indexes': deskIndexes(),
    '014-back-office-speed': backOfficeSpeed(),
    '015-audit-words': auditWords(dialect),
    '016-dated-order-words': datedOrderWords(dialect),
    '017-guests-and-gifts': guestsAndGifts(dialect),
    '018-product-gallery': productGallery(),
    '019-address-book': addressBook(dialect),
    '021-review-moderation': reviewModeration(dialect),
    '020-wishlist': wishlist(dialect),
    '022-kept-search-terms': keptSearchTerms(dialect),
    '023-catalogue-changes-by-product': catalogueChangesByProduct(dialect),
    '024-lists-read-in-order': listsReadInOrder(dialect),
    '025-one-sender-per-mail': oneSenderPerMail(dialect),
    '026-sitemap-order': sitemapOrder(),
    '027-live-products-counted': liveProductsCounted(dialect),
    '028-paid-orders-with-their-vat': paidOrdersWithTheirVat(),
    '029-settings': settings(dialect),
    '030-open-orders-outlive-closed-accounts': openOrdersOutliveClosedAccounts(dialect),
    '031-returns-closed-and-exchanges': returnsClosedAndExchanges(dialect),
    '032-gift-recipients-and-bound-payments': giftRecipientsAndBoundPayments(),
    '033-guest-customers-and-notes': guestCustomersAndNotes(dialect),
    '034-delivery-services': deliveryServices(dialect),
    '035-ways-to-pay': waysToPay(),
    '036-offers-and-line-discounts': offersAndLineDiscounts(dialect),
    '037-price-history': priceHistory(dialect),
    '038-gift-cards': giftCards(dialect),
    '039-gift-card-orders': giftCardOrders(),
    '040-product-facets': productFacets(dialect),
    '042-made-to-order-and-pre-orders': madeToOrderAndPreorders(dialect),
    '043-consents': consents(dialect),
    '044-personalisation': personalisation(dialect),
    '045-kept-baskets': keptBaskets(dialect),
    '046-newsletters': newsletters(dialect),
  };
}

export async function migrateToLatest({ db, dialect }: ShopDatabase): Promise<void> {
  const provider: MigrationProvider = {
    getMigrations: () => Promise.resolve(migrationsFor(dialect)),
  };
  // Migrations are written side by side and may land out of turn (007 before 006): a database
  // that already has a later one still takes an earlier one it lacks.
  const migrator = new Migrator({ db, provider, allowUnorderedMigrations: true });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((result) => result.status === 'Error');
  if (error !== undefined || failed !== undefined) {
    const reason = error instanceof Error ? error.message : 'unknown error';
    throw new Error(`Database migration ${failed?.migrationName ?? ''} failed: ${reason}`);
  }
}
