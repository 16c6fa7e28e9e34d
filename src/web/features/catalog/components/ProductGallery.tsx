import { useRef, useState, type KeyboardEvent } from 'react';
import type { ProductImage as Picture } from '../../../../shared/catalog/catalog';
import { smallImageUrl } from '../../../../shared/catalog/images';
import { GalleryDialog } from './GalleryDialog';
import { pictureAfterKey, pictureName } from './gallery-keys';
import { ProductImage } from './ProductImage';
import { holdSidewaysMoves, useSwipe } from './use-swipe';

const THUMBNAIL_SIZE = 80;

interface ProductGalleryProps {
  pictures: readonly Picture[];
  /** The chosen variant's own picture, shown while it is chosen. */
  variantImage?: string | undefined;
}

/**
 * A product's pictures: the one shown large (a click opens a larger view, a sideways swipe turns
 * to the next), and under it a button for each, by keyboard too. Only the picture shown first
 * loads with the page; another loads when it is chosen, its thumbnail when it comes into view.
 */
export function ProductGallery({ pictures, variantImage }: ProductGalleryProps) {
  const indexOf = (url: string | undefined) =>
    Math.max(
      0,
      pictures.findIndex((picture) => picture.url === url),
    );
  const [first] = useState(() => indexOf(variantImage));
  const [shown, setShown] = useState(first);
  const [enlarged, setEnlarged] = useState(false);
  const thumbnails = useRef<HTMLUListElement>(null);
  const count = pictures.length;

  // Choosing a variant with a picture of its own shows it.
  const [followed, setFollowed] = useState(variantImage);
  if (variantImage !== followed) {
    setFollowed(variantImage);
    if (variantImage !== undefined) setShown(indexOf(variantImage));
  }

  const turn = (direction: 1 | -1) => setShown((index) => (index + direction + count) % count);
  const swipe = useSwipe(turn);
  const picture = pictures[shown] ?? pictures[0];
  if (!picture) return null;

  /** Arrow keys, Home and End from the picture shown, or from the thumbnail that has the focus. */
  function moveByKey(event: KeyboardEvent<HTMLElement>, thumbnail?: number) {
    const next = pictureAfterKey(event.key, thumbnail ?? shown, count);
    if (next === undefined || count < 2) return;
    event.preventDefault();
    setShown(next);
    if (thumbnail !== undefined) thumbnails.current?.querySelectorAll('button')[next]?.focus();
  }

  return (
    // On a wide screen the thumbnails stand in a column beside the picture, above the fold.
    <div className="flex min-w-0 flex-col gap-3 md:flex-row-reverse md:items-start">
      <div
        className="min-w-0 touch-pan-y overflow-hidden rounded-shop bg-sand select-none md:flex-1"
        ref={holdSidewaysMoves}
        {...swipe.handlers}
      >
        <button
          type="button"
          aria-haspopup="dialog"
          aria-label={
            count > 1
              ? `Larger view of picture ${shown + 1} of ${count}: ${picture.alt}`
              : `Larger view: ${picture.alt}`
          }
          className="block w-full cursor-zoom-in"
          onClick={() => {
            if (!swipe.justSwiped()) setEnlarged(true);
          }}
          onKeyDown={(event) => moveByKey(event)}
        >
          <ProductImage
            src={picture.url}
            alt={picture.alt}
            size="large"
            priority={shown === first}
            draggable={false}
            style={
              swipe.offset === 0 ? undefined : { transform: `translateX(${swipe.offset / 3}px)` }
            }
          />
        </button>
      </div>
      {count > 1 && (
        <ul
          ref={thumbnails}
          aria-label="Pictures"
          className="flex flex-wrap gap-2 md:flex-col md:flex-nowrap"
        >
          {pictures.map((each, index) => (
            <li key={each.url}>
              <button
                type="button"
                aria-label={pictureName(pictures, index)}
                aria-current={index === shown ? 'true' : undefined}
                onClick={() => setShown(index)}
                onKeyDown={(event) => moveByKey(event, index)}
                className={`block size-16 overflow-hidden rounded-shop bg-sand sm:size-20 md:size-16 ${
                  index === shown
                    ? 'ring-2 ring-ink ring-offset-2 ring-offset-page'
                    : 'opacity-80 ring-1 ring-line hover:opacity-100'
                }`}
              >
                <img
                  src={smallImageUrl(each.url) ?? each.url}
                  alt=""
                  width={THUMBNAIL_SIZE}
                  height={THUMBNAIL_SIZE}
                  loading="lazy"
                  decoding="async"
                  draggable={false}
                  className="size-full object-cover"
                />
              </button>
            </li>
          ))}
        </ul>
      )}
      <GalleryDialog
        pictures={pictures}
        shown={shown}
        isOpen={enlarged}
        onShow={setShown}
        onClose={() => setEnlarged(false)}
      />
    </div>
  );
}
