/** Where page `pageNumber` (from 1) of `size` rows starts. */
export const pageOffset = (pageNumber: number, size: number) => (pageNumber - 1) * size;

/** How many pages `total` rows make; an empty list is still one (empty) page. */
export const pageCount = (total: number, size: number) => Math.max(1, Math.ceil(total / size));
