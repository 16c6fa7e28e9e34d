import { TOAST_FADE_MS, useToast } from '../state/toast-store';

/** Short messages, announced politely; placed where they never cover the basket button. */
export function Toaster() {
  const { message, serial, fading } = useToast();
  return (
    <div
      role="status"
      className="pointer-events-none fixed inset-x-0 bottom-24 z-50 flex justify-center px-4 md:bottom-8"
    >
      {message && (
        <p
          key={serial}
          className="rounded-shop bg-ink px-5 py-3 text-sm text-page shadow-panel transition-opacity"
          style={{ opacity: fading ? 0 : 1, transitionDuration: `${TOAST_FADE_MS}ms` }}
        >
          {message}
        </p>
      )}
    </div>
  );
}
