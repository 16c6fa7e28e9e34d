import type { UseMutationResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { usePanels, type PanelRequest } from '../state/panel-store';
import { Button, type ButtonVariant } from '../ui/Button';
import { ErrorBox } from '../ui/ErrorBox';

interface PageActionButtonProps {
  /** While true the button is disabled: its call is under way. */
  busy: boolean;
  /** What went wrong with the call, said under the button. */
  error: Error | null;
  onClick: () => void;
  variant?: ButtonVariant;
  children: ReactNode;
}

/** A list page's button beside its heading, with what went wrong under it. */
export function PageActionButton({
  busy,
  error,
  onClick,
  variant,
  children,
}: PageActionButtonProps) {
  return (
    <div className="flex flex-col items-end gap-3">
      <Button variant={variant} disabled={busy} onClick={onClick}>
        {children}
      </Button>
      {error && <ErrorBox error={error} />}
    </div>
  );
}

interface CreateDraftButtonProps<Draft extends { _id: string }> {
  /** The mutation that makes an empty draft. */
  create: UseMutationResult<Draft, Error, void>;
  /** The side panel that edits the new draft. */
  panelFor: (id: string) => PanelRequest;
  children: ReactNode;
}

/** Makes an empty draft, then opens its panel for the admin to fill in ('Create Product'). */
export function CreateDraftButton<Draft extends { _id: string }>({
  create,
  panelFor,
  children,
}: CreateDraftButtonProps<Draft>) {
  const openPanel = usePanels((state) => state.open);
  return (
    <PageActionButton
      busy={create.isPending}
      error={create.error}
      onClick={() =>
        create.mutate(undefined, { onSuccess: (draft) => openPanel(panelFor(draft._id)) })
      }
    >
      {children}
    </PageActionButton>
  );
}
