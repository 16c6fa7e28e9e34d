import { useState } from 'react';
import type { BulkDispatchAnswer, DispatchLine } from '../../../../shared/orders/order-desk';
import { useDispatchMany } from '../../../api/order-desk';

/** A line to send, with how people name its order (its number). */
export interface NamedLine {
  order: DispatchLine;
  name: string;
}

/** What came of a dispatch of many, each order by its number. */
export interface DispatchOutcome {
  dispatched: readonly NamedLine[];
  refused: readonly (NamedLine & { message: string })[];
}

/**
 * Each line is either dispatched or refused: the refusals name the line's order as it was sent,
 * so every other line went out.
 */
export function outcomeOf(
  lines: readonly NamedLine[],
  answer: BulkDispatchAnswer,
): DispatchOutcome {
  const refusals = new Map(answer.refused.map((refusal) => [refusal.id, refusal.message]));
  return {
    dispatched: lines.filter((line) => !refusals.has(line.order.id)),
    refused: lines.flatMap((line) => {
      const message = refusals.get(line.order.id);
      return message === undefined ? [] : [{ ...line, message }];
    }),
  };
}

/**
 * Sends lines as one dispatch of many, and keeps what came of the last one for the page to say.
 * Answers the outcome, or undefined when the call itself failed (its error is kept instead).
 */
export function useDispatchRun() {
  const mutation = useDispatchMany();
  const [outcome, setOutcome] = useState<DispatchOutcome | null>(null);
  const send = async (lines: readonly NamedLine[]) => {
    setOutcome(null);
    const answer = await mutation
      .mutateAsync({ orders: lines.map((line) => line.order) })
      .catch(() => undefined);
    if (answer === undefined) return undefined;
    const result = outcomeOf(lines, answer);
    setOutcome(result);
    return result;
  };
  return { send, outcome, error: mutation.error, isPending: mutation.isPending };
}
export type DispatchRun = ReturnType<typeof useDispatchRun>;
