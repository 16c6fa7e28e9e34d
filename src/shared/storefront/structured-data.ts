import type { ProductDetail, Variant } from '../catalog/catalog';
import { facetValueName, isSizeGroup } from '../catalog/facets';
import { variantLabel } from '../catalog/variants';
import type { DeliveryAnswer } from '../delivery/delivery';
import { offerTermsOf } from './offer-terms';
import { makingOf } from '../catalog/made-for-you';
import { ukToday } from '../uk-time';

// A product page's schema.org data, as Google's merchant listing and product variant guides ask:
// a `Product` for a product sold one way, a `ProductGroup` with one `Product` per variant
// otherwise, each with its `Offer`. What search engines show as price, stock, stars, delivery and
// returns comes from here, so it says only what the page itself says.

const IN_STOCK = 'https://schema.org/InStock';
const OUT_OF_STOCK = 'https://schema.org/OutOfStock';
const PRE_ORDER = 'https://schema.org/PreOrder';
const MADE_TO_ORDER = 'https://schema.org/MadeToOrder';
/** The latest reviews the data carries: the page shows more, the data needs only a few. */
export const STRUCTURED_REVIEWS = 5;

export interface StructuredDataContext {
  /** `https://shop.example`, no trailing slash; empty in a browser that has not been told. */
  origin: string;
  /** Who sells: the shop's name. */
  seller: string;
  /** The delivery answer for one item at a price (pounds), when the page has it. */
  deliveryAt: (price: number) => DeliveryAnswer | undefined;
  /** The UK day the page is for (a pre-order ends on its release date); today when left out. */
  today?: string;
}

/**
 * Whether an offer is in stock, made to order or on pre-order (with the day it is released), as
 * the page says it.
 */
function availabilityOf(
  product: ProductDetail,
  variant: Variant | undefined,
  context: StructuredDataContext,
) {
  const making = makingOf(
    product,
    variant && { madeToOrder: variant.madeToOrder ?? null },
    context.today ?? ukToday(),
  );
  if (making?.madeToOrder) return { availability: MADE_TO_ORDER };
  if (making?.preorder) {
    return { availability: PRE_ORDER, availabilityStarts: making.preorder.releaseDate };
  }
  return { availability: (variant ?? product).countInStock > 0 ? IN_STOCK : OUT_OF_STOCK };
}

/** The schema.org properties a variant's options give, and which properties the group varies by. */
const COLOUR_GROUP = /^colou?r$/i;
const MATERIAL_GROUP = /^(metal|material)$/i;

type VaryingProperty = 'size' | 'color' | 'material';

/**
 * Which schema.org property an option group is. A size group (`Size`, `Ring size`) is `size`, a
 * `Colour` is `color` and a `Metal` or `Material` is `material`; any other group (`Chain length`)
 * is the size of the thing too, as schema.org has no property for lengths, unless the product
 * also has a size group, when it is left to the variant's name.
 */
function propertyOfGroup(
  name: string,
  groups: readonly { name: string }[],
): VaryingProperty | undefined {
  if (COLOUR_GROUP.test(name.trim())) return 'color';
  if (MATERIAL_GROUP.test(name.trim())) return 'material';
  if (isSizeGroup(name)) return 'size';
  return groups.some((group) => isSizeGroup(group.name)) ? undefined : 'size';
}

/** The properties a variant's options set: `{ size: 'M', color: 'Navy' }`. */
function optionProperties(product: ProductDetail, variant: Variant) {
  const properties: Partial<Record<VaryingProperty, string>> = {};
  for (const group of product.options) {
    const property = propertyOfGroup(group.name, product.options);
    const value = variant.options[group.name];
    if (property && value !== undefined && properties[property] === undefined) {
      properties[property] = value;
    }
  }
  return properties;
}

/** The properties the product's groups vary, as Google's `variesBy` names them. */
function variesByOf(product: ProductDetail): string[] {
  const properties = new Set(
    product.options.flatMap((group) => propertyOfGroup(group.name, product.options) ?? []),
  );
  return [...properties].map((property) => `https://schema.org/${property}`);
}

/** What the product is made of and its colour, from the owner's facets, as the page names them. */
function facetProperties({ facets }: ProductDetail) {
  const material = facets.metal ?? facets.material;
  return {
    ...(material ? { material: facetValueName(material) } : {}),
    ...(facets.colour ? { color: facetValueName(facets.colour) } : {}),
  };
}

const absolute = (address: string, origin: string) =>
  new URL(address, `${origin || 'http://localhost'}/`).href;

/** One price, as schema.org writes it, with the was price struck through when on sale. */
function offerOf(
  price: number,
  compareAtPrice: number | null,
  availability: ReturnType<typeof availabilityOf>,
  url: string,
  context: StructuredDataContext,
) {
  return {
    '@type': 'Offer',
    url,
    price: price.toFixed(2),
    priceCurrency: 'GBP',
    // Google's way to show a sale: the price paid, and the was price as a strikethrough price.
    ...(compareAtPrice !== null && compareAtPrice > price
      ? {
          priceSpecification: [
            { '@type': 'UnitPriceSpecification', price: price.toFixed(2), priceCurrency: 'GBP' },
            {
              '@type': 'UnitPriceSpecification',
              priceType: 'https://schema.org/StrikethroughPrice',
              price: compareAtPrice.toFixed(2),
              priceCurrency: 'GBP',
            },
          ],
        }
      : {}),
    ...availability,
    itemCondition: 'https://schema.org/NewCondition',
    seller: { '@type': 'Organization', name: context.seller },
    ...offerTermsOf(context.deliveryAt(price)),
  };
}

/** The stars and the latest reviews, when the product has been reviewed. */
function reviewsOf(product: ProductDetail) {
  if (product.numReviews === 0) return {};
  const latest = product.reviews.slice(0, STRUCTURED_REVIEWS);
  return {
    aggregateRating: {
      '@type': 'AggregateRating',
      ratingValue: product.rating.toFixed(1),
      reviewCount: product.numReviews,
      bestRating: 5,
      worstRating: 1,
    },
    ...(latest.length > 0
      ? {
          review: latest.map((review) => ({
            '@type': 'Review',
            author: { '@type': 'Person', name: review.name },
            datePublished: review.createdAt.slice(0, 10),
            reviewBody: review.comment,
            reviewRating: {
              '@type': 'Rating',
              ratingValue: review.rating,
              bestRating: 5,
              worstRating: 1,
            },
          })),
        }
      : {}),
  };
}

/** The product as schema.org data: a `ProductGroup` of its variants, or one `Product`. */
export function productStructuredData(product: ProductDetail, context: StructuredDataContext) {
  const url = `${context.origin}/product/${product._id}`;
  const images = product.images.map((picture) => absolute(picture.url, context.origin));
  const shared = {
    '@context': 'https://schema.org',
    '@id': url,
    name: product.name,
    description: product.description,
    image: images,
    brand: { '@type': 'Brand', name: product.brand },
    category: product.category,
    url,
    ...reviewsOf(product),
  };
  const { color, material } = facetProperties(product);
  if (product.variants.length === 0) {
    return {
      ...shared,
      ...facetProperties(product),
      '@type': 'Product',
      offers: offerOf(
        product.price,
        product.compareAtPrice,
        availabilityOf(product, undefined, context),
        url,
        context,
      ),
    };
  }
  const variesBy = variesByOf(product);
  // What every variant shares is said of the group too; what they vary by is said of each.
  const sharedProperty = (property: VaryingProperty, value: string | undefined) =>
    value && !variesBy.includes(`https://schema.org/${property}`) ? { [property]: value } : {};
  return {
    ...shared,
    ...sharedProperty('color', color),
    ...sharedProperty('material', material),
    '@type': 'ProductGroup',
    productGroupID: product._id,
    variesBy,
    hasVariant: product.variants.map((variant) => {
      const variantUrl = `${url}?variant=${variant._id}`;
      return {
        '@type': 'Product',
        '@id': variantUrl,
        sku: variant.sku,
        name: `${product.name} (${variantLabel(product.options, variant.options)})`,
        image: variant.image ? absolute(variant.image, context.origin) : images[0],
        inProductGroupWithID: product._id,
        // The product's own colour and material, unless its options say otherwise.
        ...(color ? { color } : {}),
        ...(material ? { material } : {}),
        ...optionProperties(product, variant),
        offers: offerOf(
          variant.price,
          variant.compareAtPrice,
          availabilityOf(product, variant, context),
          variantUrl,
          context,
        ),
      };
    }),
  };
}

/** The trail from the shop to the product, as schema.org data. */
export function breadcrumbStructuredData(
  trail: readonly { name: string; path: string }[],
  origin: string,
) {
  return {
    '@context': 'https://schema.org',
    '@type': 'BreadcrumbList',
    itemListElement: trail.map((step, index) => ({
      '@type': 'ListItem',
      position: index + 1,
      name: step.name,
      item: `${origin}${step.path}`,
    })),
  };
}
