import { makingWords } from '../../shared/catalog/made-for-you';

interface MakingNoteProps {
  madeToOrder?: { leadDays: number } | null | undefined;
  preorder?: { releaseDate: string } | null | undefined;
  className?: string;
}

/**
 * "Made for you: dispatched in about 15 working days" or "Pre-order: dispatched from 12 Dec";
 * nothing for an item sent from stock.
 */
export function MakingNote({ madeToOrder, preorder, className = 'text-sm' }: MakingNoteProps) {
  const words = madeToOrder
    ? makingWords({ madeToOrder, preorder: null })
    : preorder
      ? makingWords({ madeToOrder: null, preorder })
      : undefined;
  return words === undefined ? null : <p className={`${className} text-accent`}>{words}</p>;
}
