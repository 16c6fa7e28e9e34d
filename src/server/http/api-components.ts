import * as z from 'zod';
import {
  adminUserPageSchema,
  adminUserUpdateBodySchema,
  forgotPasswordBodySchema,
  loginBodySchema,
  profileUpdateBodySchema,
  registerBodySchema,
  resetPasswordBodySchema,
} from '../../shared/accounts/accounts';
import { shippingAddressBodySchema } from '../../shared/accounts/addresses';
import { customerDetailSchema, customerPageSchema } from '../../shared/customers/customers';
import { deskSchema } from '../../shared/desk/desk';
import { messageSchema, shopIdentitySchema } from '../../shared/api';
import {
  optionGroupSchema,
  myReviewSchema,
  productDetailSchema,
  productPageSchema,
  productSchema,
  reviewBodySchema,
  reviewSchema,
  specificationSchema,
  variantSchema,
} from '../../shared/catalog/catalog';
import {
  adminProductPageSchema,
  adminProductSchema,
  productUpdateBodySchema,
} from '../../shared/catalog/catalog-admin';
import { errorBodySchema } from '../../shared/errors';
import {
  importAnswerSchema,
  importChangeSchema,
  importRefusalSchema,
} from '../../shared/exports/exports';
import {
  subscribeBodySchema,
  subscriberPageSchema,
  subscriberSchema,
} from '../../shared/newsletter/newsletter';
import { adminOrderPageSchema, orderSchema } from '../../shared/orders/orders';
import { dispatchBodySchema } from '../../shared/orders/parcels';
import {
  orderBodySchema,
  paymentBodySchema,
  quoteBodySchema,
  quoteSchema,
} from '../../shared/orders/checkout';
import { refundBodySchema, returnBodySchema } from '../../shared/orders/after-sale';
import {
  failedRefundSchema,
  paymentAnswerSchema,
  paymentConfigSchema,
  paymentWithoutOrderSchema,
} from '../../shared/payments/payments';
import { stockAlertBodySchema } from '../../shared/stock-alerts/stock-alerts';
import { userInfoSchema, userSchema } from '../../shared/accounts/users';
import {
  adminVoucherSchema,
  voucherPageSchema,
  voucherSchema,
  voucherUpdateBodySchema,
} from '../../shared/vouchers/vouchers';

/**
 * The shared schemas the OpenAPI document names once, under `components`, and points to with
 * `$ref` wherever a call takes or answers one: without names, each was written out in full at
 * every use (the error body, with its list of codes, about 250 times). What a client sends is
 * named with `Input` after it (`QuoteBodyInput`), as fastify-type-provider-zod names what is read.
 */
const COMPONENTS: Readonly<Record<string, z.core.$ZodType>> = {
  ErrorBody: errorBodySchema,
  Message: messageSchema,
  ShopIdentity: shopIdentitySchema,
  // The catalogue
  Product: productSchema,
  ProductDetail: productDetailSchema,
  ProductPage: productPageSchema,
  OptionGroup: optionGroupSchema,
  Variant: variantSchema,
  Specification: specificationSchema,
  Review: reviewSchema,
  MyReview: myReviewSchema,
  ReviewBody: reviewBodySchema,
  AdminProduct: adminProductSchema,
  AdminProductPage: adminProductPageSchema,
  ProductUpdateBody: productUpdateBodySchema,
  StockAlertBody: stockAlertBodySchema,
  // Accounts
  User: userSchema,
  UserInfo: userInfoSchema,
  RegisterBody: registerBodySchema,
  LoginBody: loginBodySchema,
  ProfileUpdateBody: profileUpdateBodySchema,
  AdminUserUpdateBody: adminUserUpdateBodySchema,
  AdminUserPage: adminUserPageSchema,
  ForgotPasswordBody: forgotPasswordBodySchema,
  ResetPasswordBody: resetPasswordBodySchema,
  // Orders and payments
  QuoteBody: quoteBodySchema,
  Quote: quoteSchema,
  ShippingAddressBody: shippingAddressBodySchema,
  PaymentBody: paymentBodySchema,
  PaymentAnswer: paymentAnswerSchema,
  PaymentConfig: paymentConfigSchema,
  OrderBody: orderBodySchema,
  Order: orderSchema,
  AdminOrderPage: adminOrderPageSchema,
  DispatchBody: dispatchBodySchema,
  ReturnBody: returnBodySchema,
  RefundBody: refundBodySchema,
  FailedRefund: failedRefundSchema,
  PaymentWithoutOrder: paymentWithoutOrderSchema,
  // The back office
  ImportAnswer: importAnswerSchema,
  ImportChange: importChangeSchema,
  ImportRefusal: importRefusalSchema,
  Desk: deskSchema,
  CustomerPage: customerPageSchema,
  CustomerDetail: customerDetailSchema,
  // Vouchers and the newsletter
  Voucher: voucherSchema,
  AdminVoucher: adminVoucherSchema,
  VoucherPage: voucherPageSchema,
  VoucherUpdateBody: voucherUpdateBodySchema,
  SubscribeBody: subscribeBodySchema,
  Subscriber: subscriberSchema,
  SubscriberPage: subscriberPageSchema,
};

/**
 * Gives each schema its name in zod's global registry, where the document is made from (and where
 * `.describe()` keeps its words, which a registry of its own would lose). Naming again is harmless.
 */
export function nameApiComponents(): void {
  for (const [id, schema] of Object.entries(COMPONENTS)) {
    z.globalRegistry.add(schema, { ...z.globalRegistry.get(schema), id });
  }
}
