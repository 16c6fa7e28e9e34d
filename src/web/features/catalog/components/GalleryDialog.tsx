import { useEffect, useRef } from 'react';
import type { ProductImage as Picture } from '../../../../shared/catalog/catalog';
import { LARGE_IMAGE_WIDTH } from '../../../../shared/catalog/images';
import { buttonClass } from '../../../ui/Button';
import { CrossIcon } from '../../../ui/icons';
import { holdSidewaysMoves, useSwipe } from './use-swipe';

interface GalleryDialogProps {
  pictures: readonly Picture[];
  shown: number;
  isOpen: boolean;
  onShow: (index: number) => void;
  onClose: () => void;
}

/**
 * The larger view of a product's pictures, a modal <dialog>: the browser moves focus into it and
 * keeps it there, Escape or a click on the dimmed page closes it, and focus goes back to the
 * picture that opened it. Arrow keys, the buttons and a swipe turn the pictures.
 */
export function GalleryDialog({ pictures, shown, isOpen, onShow, onClose }: GalleryDialogProps) {
  const dialog = useRef<HTMLDialogElement>(null);
  const opener = useRef<HTMLElement | null>(null);
  const count = pictures.length;
  const turn = (direction: 1 | -1) => onShow((shown + direction + count) % count);
  const swipe = useSwipe(turn);

  useEffect(() => {
    const element = dialog.current;
    if (!element) return;
    if (isOpen && !element.open) {
      opener.current =
        document.activeElement instanceof HTMLElement ? document.activeElement : null;
      element.showModal();
    }
    if (!isOpen && element.open) {
      element.close();
      opener.current?.focus();
    }
  }, [isOpen]);

  const picture = pictures[shown];
  const heading = count > 1 ? `Picture ${shown + 1} of ${count}` : 'Picture';
  return (
    // A click on the dimmed page around closes the view; Escape does the same from the keyboard.
    // eslint-disable-next-line jsx-a11y/no-noninteractive-element-interactions
    <dialog
      ref={dialog}
      aria-label={heading}
      className="m-auto h-dvh max-h-none w-full max-w-none bg-page p-0 text-ink backdrop:bg-ink/80 sm:h-[92dvh] sm:w-[min(92vw,64rem)] sm:rounded-shop"
      onCancel={(event) => {
        event.preventDefault();
        onClose();
      }}
      onClick={(event) => {
        if (event.target === event.currentTarget) onClose();
      }}
      onKeyDown={(event) => {
        const direction = event.key === 'ArrowRight' ? 1 : event.key === 'ArrowLeft' ? -1 : 0;
        if (direction === 0 || count < 2) return;
        event.preventDefault();
        turn(direction);
      }}
    >
      {isOpen && picture && (
        <div className="flex h-full flex-col">
          <header className="flex items-center justify-between gap-4 px-4 py-2 sm:px-6">
            <h2 className="text-lg" aria-live="polite">
              {heading}
            </h2>
            <button
              type="button"
              onClick={onClose}
              className="-mr-2 inline-flex size-11 items-center justify-center rounded-shop hover:bg-sand"
              aria-label="Close the larger view"
            >
              <CrossIcon className="size-6" />
            </button>
          </header>
          <div
            className="flex min-h-0 flex-1 touch-pan-y items-center justify-center px-2 select-none sm:px-6"
            ref={holdSidewaysMoves}
            {...swipe.handlers}
          >
            <img
              src={picture.url}
              alt={picture.alt}
              width={LARGE_IMAGE_WIDTH}
              height={LARGE_IMAGE_WIDTH}
              decoding="async"
              draggable={false}
              style={
                swipe.offset === 0 ? undefined : { transform: `translateX(${swipe.offset / 3}px)` }
              }
              className="size-full object-contain"
            />
          </div>
          {count > 1 && (
            <div className="flex justify-center gap-3 px-4 py-3">
              <button type="button" className={buttonClass('secondary')} onClick={() => turn(-1)}>
                Previous picture
              </button>
              <button type="button" className={buttonClass('secondary')} onClick={() => turn(1)}>
                Next picture
              </button>
            </div>
          )}
        </div>
      )}
    </dialog>
  );
}
