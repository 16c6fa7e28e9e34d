import { createContext, use, useEffect, useRef, useState, type ReactNode } from 'react';
import { usePanels } from '../state/panel-store';

/** How an editor tells the side panel holding it what closing would throw away (null: nothing). */
const ReportUnsaved = createContext<((question: string | null) => void) | null>(null);

/**
 * Holds an editor in the side panel. While the editor has unsaved changes, closing the panel (a
 * click on the page beside it, Escape, its close button) first asks the editor's question; No
 * leaves the panel open with the typing in it.
 *
 * Every way of closing the panel goes through the panel store's `close`, so while there is
 * something to lose, `close` is the one that asks; the store's own comes back once there is not.
 */
export function GuardedPanel({ children }: { children: ReactNode }) {
  const [question, setQuestion] = useState<string | null>(null);
  const holder = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (question === null) return;
    const close = usePanels.getState().close;
    const askFirst = () => {
      if (window.confirm(question)) close();
    };
    usePanels.setState({ close: askFirst });
    // Chromium closes a dialog on a repeated Escape even when its cancel is refused, to stop a
    // page trapping the user. The user has just said to keep the changes, so the panel opens
    // again as it was; a close the store asked for (isOpen false) is left alone.
    const dialog = holder.current?.closest('dialog');
    const reopen = () => {
      if (dialog && !dialog.open && usePanels.getState().isOpen) dialog.showModal();
    };
    dialog?.addEventListener('close', reopen);
    return () => {
      dialog?.removeEventListener('close', reopen);
      if (usePanels.getState().close === askFirst) usePanels.setState({ close });
    };
  }, [question]);
  return (
    <div ref={holder}>
      <ReportUnsaved value={setQuestion}>{children}</ReportUnsaved>
    </div>
  );
}

/**
 * Keeps an editor's unsaved changes from being lost: the browser warns before the page is left
 * or reloaded, and a side panel holding the editor asks `question` before it closes. Pass null
 * once nothing is unsaved.
 */
export function useUnsavedChanges(question: string | null) {
  const report = use(ReportUnsaved);
  useEffect(() => {
    if (!report) return;
    report(question);
    return () => report(null);
  }, [report, question]);

  const unsaved = question !== null;
  useEffect(() => {
    if (!unsaved) return;
    const warn = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [unsaved]);
}

/** The question asked before typing is thrown away, naming what it was typed into. */
export const discardQuestion = (what: string) => `Discard your changes to ${what}?`;
