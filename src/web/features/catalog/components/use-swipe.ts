import { useRef, useState, type PointerEvent } from 'react';

/** How far a finger must travel sideways, in pixels, for a swipe to turn the picture. */
const SWIPE_DISTANCE = 40;

/**
 * Keeps the browser out of a sideways move of a finger: with `touch-action: pan-y` it does not
 * scroll, but it still takes the move for a fling, and swallows the next tap (on the larger
 * view's Close, say) to stop it. Up and down stay the page's to scroll.
 */
export function holdSidewaysMoves(element: HTMLElement | null) {
  if (!element) return;
  let from: { x: number; y: number } | null = null;
  const start = (event: TouchEvent) => {
    const touch = event.touches[0];
    from = touch ? { x: touch.clientX, y: touch.clientY } : null;
  };
  const move = (event: TouchEvent) => {
    const touch = event.touches[0];
    if (!from || !touch || !event.cancelable) return;
    if (Math.abs(touch.clientX - from.x) > Math.abs(touch.clientY - from.y)) event.preventDefault();
  };
  element.addEventListener('touchstart', start, { passive: true });
  element.addEventListener('touchmove', move, { passive: false });
  return () => {
    element.removeEventListener('touchstart', start);
    element.removeEventListener('touchmove', move);
  };
}

interface Swipe {
  /** How far the picture follows the finger while it moves; 0 at rest. */
  offset: number;
  /** Spread on the element swiped: it takes the pointer and tells a sideways swipe apart. */
  handlers: {
    onPointerDown: (event: PointerEvent<HTMLElement>) => void;
    onPointerMove: (event: PointerEvent<HTMLElement>) => void;
    onPointerUp: (event: PointerEvent<HTMLElement>) => void;
    onPointerCancel: () => void;
    onPointerLeave: (event: PointerEvent<HTMLElement>) => void;
  };
  /** Whether the click that ends a swipe should be ignored (it was a swipe, not a click). */
  justSwiped: () => boolean;
}

/**
 * A sideways swipe, by finger, pen or a mouse dragged: left for the next picture, right for the
 * one before. The element should have `touch-action: pan-y`, so the page still scrolls up and
 * down under a finger and the browser leaves sideways moves to this, and `holdSidewaysMoves` as
 * its `ref`.
 */
export function useSwipe(onSwipe: (direction: 1 | -1) => void): Swipe {
  const start = useRef<{ id: number; x: number } | null>(null);
  const swiped = useRef(false);
  const [offset, setOffset] = useState(0);

  const end = (event: PointerEvent<HTMLElement>) => {
    const began = start.current;
    start.current = null;
    setOffset(0);
    if (!began || began.id !== event.pointerId) return;
    const distance = event.clientX - began.x;
    if (Math.abs(distance) < SWIPE_DISTANCE) return;
    swiped.current = true;
    onSwipe(distance < 0 ? 1 : -1);
  };

  const cancel = () => {
    start.current = null;
    setOffset(0);
  };

  return {
    offset,
    handlers: {
      onPointerDown: (event) => {
        if (event.pointerType === 'mouse' && event.button !== 0) return;
        start.current = { id: event.pointerId, x: event.clientX };
        swiped.current = false;
      },
      onPointerMove: (event) => {
        const began = start.current;
        if (began?.id === event.pointerId) setOffset(event.clientX - began.x);
      },
      onPointerUp: end,
      onPointerCancel: cancel,
      // A finger keeps its element until it lifts; a mouse let go elsewhere never comes back.
      onPointerLeave: (event) => {
        if (event.pointerType === 'mouse') cancel();
      },
    },
    justSwiped: () => {
      const was = swiped.current;
      swiped.current = false;
      return was;
    },
  };
}
