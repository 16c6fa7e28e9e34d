import type { UseMutationResult } from '@tanstack/react-query';
import { usePanels, type PanelRequest } from '../state/panel-store';
import { showToast } from '../state/toast-store';

/** What a list's rows need of its deletions. */
export interface ConfirmedDelete {
  /** Asks the admin to confirm, then deletes the item with this id. */
  remove: (id: string) => void;
  /** Whether the item with this id is being deleted now. */
  isDeleting: (id: string) => boolean;
  /** What went wrong with the last deletion, if it failed. */
  error: Error | null;
}

/** Whether the side panel holds `request` (the same kind, for the same item). */
function isShowing(request: PanelRequest): boolean {
  const panel: Partial<Record<string, unknown>> | null = usePanels.getState().panel;
  return Object.entries(request).every(([key, value]) => panel?.[key] === value);
}

/**
 * Deletes an item once the admin says yes to `question` (asked of the item's id, so that it can
 * name the item: 'Delete ann@example.com?'); No does nothing. Then it closes the item's edit panel if it
 * is open (when `panelFor` names it) and shows the server's sentence. Use it in the table rather
 * than in a row: the row is gone once the list is refreshed, and the sentence must still be said.
 */
export function useConfirmedDelete(
  mutation: UseMutationResult<{ message: string }, Error, string>,
  question: string | ((id: string) => string),
  panelFor?: (id: string) => PanelRequest,
): ConfirmedDelete {
  return {
    remove: (id) => {
      if (!window.confirm(typeof question === 'string' ? question : question(id))) return;
      mutation.mutate(id, {
        onSuccess: ({ message }) => {
          if (panelFor && isShowing(panelFor(id))) usePanels.getState().close();
          showToast(message);
        },
      });
    },
    isDeleting: (id) => mutation.isPending && mutation.variables === id,
    error: mutation.error,
  };
}
