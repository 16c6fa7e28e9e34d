import type { AdminProduct, ProductUpdateBody } from '../../../shared/catalog/catalog-admin';
import { CATEGORIES } from '../../../shared/catalog/shelves';
import { poundsText, type ProductFormValues } from '../../back-office/admin-forms';

/** A weight as its field shows it: blank for 0 (not weighed yet, or a variant as its product). */
export const gramsText = (grams: number): string => (grams > 0 ? String(grams) : '');

/** A was price as its field shows it: blank for none. */
const wasPriceText = (pounds: number | null): string => (pounds === null ? '' : poundsText(pounds));

/** A product as the form's fields hold it. */
export function valuesOf(product: AdminProduct): ProductFormValues {
  return {
    name: product.name,
    price: poundsText(product.price),
    compareAtPrice: wasPriceText(product.compareAtPrice),
    images: product.images.map(({ url, alt }) => ({ url, alt })),
    brand: product.brand,
    category: CATEGORIES.find((category) => category === product.category) ?? 'accessories',
    countInStock: String(product.countInStock),
    weightGrams: gramsText(product.weightGrams),
    description: product.description,
    options: product.options.map((group) => ({
      name: group.name,
      values: group.values.join(', '),
    })),
    variants: product.variants.map((variant) => ({
      _id: variant._id,
      options: variant.options,
      sku: variant.sku,
      price: poundsText(variant.price),
      compareAtPrice: wasPriceText(variant.compareAtPrice),
      countInStock: String(variant.countInStock),
      weightGrams: gramsText(variant.weightGrams),
      image: variant.image ?? '',
    })),
    specifications: product.specifications.map(({ label, value }) => ({ label, value })),
    facets: {
      metal: product.facets.metal ?? '',
      stone: product.facets.stone ?? '',
      colour: product.facets.colour ?? '',
      material: product.facets.material ?? '',
    },
    madeToOrderDays: product.madeToOrder ? String(product.madeToOrder.leadDays) : '',
    preorderRelease: product.preorder?.releaseDate ?? '',
    preorderLimit: product.preorder ? String(product.preorder.limit) : '',
    personalisation: personalisationValues(product.personalisation),
  };
}

/** A personalisation as its fields show it; none offered shows the shop's usual engraving. */
function personalisationValues(
  offer: AdminProduct['personalisation'],
): ProductFormValues['personalisation'] {
  return offer
    ? {
        offered: true,
        label: offer.label,
        maxLength: String(offer.maxLength),
        lines: String(offer.lines),
        characters: offer.characters,
        price: poundsText(offer.price),
        pricePerCharacter: poundsText(offer.pricePerCharacter),
        required: offer.required,
      }
    : {
        offered: false,
        label: 'Engraving',
        maxLength: '12',
        lines: '1',
        characters: 'letters',
        price: '0.00',
        pricePerCharacter: '0.00',
        required: false,
      };
}

/**
 * What staff send: the product exactly as it was loaded, with only the stock they typed. The
 * server refuses staff a save that changes anything else, so nothing else is taken from the form.
 */
export function stockChange(product: AdminProduct, saved: ProductUpdateBody): ProductUpdateBody {
  const stockOf = new Map(saved.variants.map((variant) => [variant._id, variant.countInStock]));
  return {
    name: product.name,
    price: product.price,
    compareAtPrice: product.compareAtPrice,
    image: product.image,
    images: product.images.map(({ url, alt }) => ({ url, alt })),
    brand: product.brand,
    category: saved.category,
    countInStock: saved.countInStock,
    weightGrams: product.weightGrams,
    description: product.description,
    options: product.options.map(({ name, values }) => ({ name, values: [...values] })),
    variants: product.variants.map(
      ({ _id, options, sku, price, compareAtPrice, countInStock, weightGrams, image }) => ({
        _id,
        options,
        sku,
        price,
        compareAtPrice,
        countInStock: stockOf.get(_id) ?? countInStock,
        weightGrams,
        image: image ?? null,
      }),
    ),
    specifications: product.specifications.map(({ label, value }) => ({ label, value })),
    facets: { ...product.facets },
    madeToOrder: product.madeToOrder,
    preorder: product.preorder && {
      releaseDate: product.preorder.releaseDate,
      limit: product.preorder.limit,
    },
    personalisation: product.personalisation && { ...product.personalisation },
  };
}
