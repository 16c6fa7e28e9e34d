import { useEffect, useRef, type ReactNode } from 'react';

interface SidePanelProps {
  title: string;
  isOpen: boolean;
  onClose: () => void;
  children: ReactNode;
}

/**
 * A modal side panel built on <dialog>: the browser keeps focus inside, Escape closes it and
 * focus goes back to what opened it. It slides in from the right, and out again once closed.
 */
export function SidePanel({ title, isOpen, onClose, children }: SidePanelProps) {
  const dialog = useRef<HTMLDialogElement>(null);

  useEffect(() => {
    const element = dialog.current;
    if (!element) return;
    if (isOpen && !element.open) element.showModal();
    // Closed at once, so the page behind takes clicks and typing straight away: a link in the
    // panel may have opened a form there (Sign In), and a modal dialog left open while it slid
    // out kept that form out of reach, then took the focus back to its opener. The slide-out
    // still plays: the stylesheet keeps a closing panel drawn for its 200 ms.
    if (!isOpen && element.open) element.close();
  }, [isOpen]);

  return (
    // A click on the dimmed page behind closes the panel; Escape does the same from the keyboard.
    // eslint-disable-next-line jsx-a11y/click-events-have-key-events, jsx-a11y/no-noninteractive-element-interactions
    <dialog
      ref={dialog}
      aria-label={title}
      data-state={isOpen ? 'open' : 'closed'}
      className="side-panel fixed inset-y-0 right-0 left-auto m-0 h-dvh max-h-none w-full max-w-none bg-transparent p-0 sm:w-[440px]"
      onCancel={(event) => {
        event.preventDefault();
        onClose();
      }}
      onClick={(event) => {
        if (event.target === event.currentTarget) onClose();
      }}
    >
      <div className="side-panel-body flex h-full flex-col bg-page shadow-panel">
        <header className="flex items-center justify-between border-b border-line px-6 py-4">
          <h2 className="text-xl">{title}</h2>
          <button
            type="button"
            onClick={onClose}
            className="-mr-2 inline-flex size-11 items-center justify-center rounded-shop text-2xl leading-none hover:bg-sand"
            aria-label={`Close ${title.toLowerCase()}`}
          >
            <span aria-hidden="true">×</span>
          </button>
        </header>
        <div className="flex-1 overflow-y-auto px-6 py-6">{children}</div>
      </div>
    </dialog>
  );
}
