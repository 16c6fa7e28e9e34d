// A product's pictures: how many, how each is described, and how a save's pictures, its `image`
// and its variants' pictures must agree. Judged alike by the server and the product form.

export const MAX_PRODUCT_IMAGES = 8;
export const IMAGE_ALT_MAX_LENGTH = 250;

interface GalleryProblem {
  message: string;
  /** Where in the body, for a form: `images.2.url`, `variants.0.image`. */
  path: string;
}

interface GallerySave {
  image?: string | undefined;
  images: readonly { url: string }[];
  variants: readonly { image?: string | null | undefined }[];
}

/** The picture a save leaves first: the gallery's first, or the one `image` without a gallery. */
export const firstImageOf = (save: Pick<GallerySave, 'image' | 'images'>): string =>
  save.images[0]?.url ?? save.image ?? '';

/**
 * What is wrong with a save's pictures, if anything: there is one at least, `image` (when sent
 * with a gallery) is its first, no picture is listed twice, and a variant names only a picture of
 * its own product.
 */
export function galleryProblem({
  image,
  images,
  variants,
}: GallerySave): GalleryProblem | undefined {
  const [first] = images;
  if (!first && !image) return { message: 'Please choose an image', path: 'image' };
  if (first && image !== undefined && image !== first.url) {
    return {
      message: 'The image must be the first of the pictures (or left out, to take the first)',
      path: 'image',
    };
  }
  const urls = images.map((picture) => picture.url);
  const twice = urls.findIndex((url, index) => urls.indexOf(url) !== index);
  if (twice !== -1) {
    return { message: `Picture ${twice + 1} is listed twice`, path: `images.${twice}.url` };
  }
  const pictures = new Set(first ? urls : [image]);
  const stranger = variants.findIndex(
    (variant) =>
      variant.image !== undefined && variant.image !== null && !pictures.has(variant.image),
  );
  if (stranger !== -1) {
    return {
      message: `Variant ${stranger + 1}’s picture is not one of the product’s pictures`,
      path: `variants.${stranger}.image`,
    };
  }
  return undefined;
}
