/** What the VAT return reads of gift cards: the voids of cards sold, whose refunds carry no VAT. */
export { voidsOfCardsSoldBy } from './gift-cards.repository';
