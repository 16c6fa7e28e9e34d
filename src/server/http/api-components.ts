import * as z from 'zod';
import {
  adminUserPageSchema,
  adminUserUpdateBodySchema,
  forgotPasswordBodySchema,
  loginBodySchema,
  profileUpdateBodySchema,
  registerBodySchema,
  resetPasswordBodySchema,
} from '../../shared/accounts';
import { shippingAddressBodySchema } from '../../shared/addresses';
import { customerDetailSchema, customerPageSchema } from '../../shared/customers';
import { deskSchema } from '../../shared/desk';
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
} from '../../shared/catalog';
import {
  adminProductPageSchema,
  adminProductSchema,
  productUpdateBodySchema,
} from '../../shared/catalog-admin';
import { errorBodySchema } from '../../shared/errors';
import { importAnswerSchema, importChangeSchema, importRefusalSchema } from '../../shared/exports';
import {
  subscribeBodySchema,
  subscriberPageSchema,
  subscriberSchema,
} from '../../shared/newsletter';
import {
  adminOrderPageSchema,
  dispatchBodySchema,
  orderBodySchema,
  orderSchema,
  paymentBodySchema,
  quoteBodySchema,
  quoteSchema,
  refundBodySchema,
  returnBodySchema,
} from '../../shared/orders';
import {
  failedRefundSchema,
  paymentAnswerSchema,
  paymentConfigSchema,
  paymentWithoutOrderSchema,
} from '../../shared/payments';
import { stockAlertBodySchema } from '../../shared/stock-alerts';
import { userInfoSchema, userSchema } from '../../shared/users';
import {
  adminVoucherSchema,
  voucherPageSchema,
  voucherSchema,
  voucherUpdateBodySchema,
} from '../../shared/vouchers';

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
