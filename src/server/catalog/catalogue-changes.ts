/**
 * A count of the changes this process made to the words of the catalogue (products added, saved
 * or removed), so that what is kept in memory about them knows when to look again.
 */
let changes = 0;

export function noteCatalogueWordsChanged(): void {
  changes += 1;
}

export function catalogueWordsChanges(): number {
  return changes;
}
