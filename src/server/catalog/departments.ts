import type { Department } from '../../shared/catalog/shelves';
import type { Specification } from '../../shared/catalog/catalog';

/** Categories that belong to a department whatever their specifications say. */
const DEPARTMENT_OF_CATEGORY: Readonly<Record<string, Department>> = {
  pendants: 'jewellery',
  chains: 'jewellery',
  rings: 'jewellery',
  earrings: 'jewellery',
  jumpers: 'knitwear',
};

/** Categories whose knitted pieces (beanies, scarves, gloves, socks) are knitwear too. */
const KNITTED_CATEGORIES: ReadonlySet<string> = new Set(['hats', 'accessories']);
const KNITTED_FABRIC = /wool|merino|cashmere|alpaca|knit/i;

function specificationValue(specifications: readonly Specification[], label: string) {
  const wanted = label.toLowerCase();
  return specifications.find((row) => row.label.trim().toLowerCase() === wanted)?.value.trim();
}

/**
 * The department a product is shelved in, decided when it is saved: pendants, chains, rings and
 * earrings, and anything made of a metal it names (a bangle, or a ring an owner keeps among the
 * accessories), are jewellery; jumpers, and hats and accessories knitted from wool, merino,
 * cashmere or alpaca, are knitwear. A product is in one department at most: its category decides
 * first, then a Metal row, then the fabric.
 */
export function departmentOf(
  category: string,
  specifications: readonly Specification[],
): Department | null {
  const byCategory = DEPARTMENT_OF_CATEGORY[category];
  if (byCategory) return byCategory;
  if (specificationValue(specifications, 'Metal')) return 'jewellery';
  const fabric = specificationValue(specifications, 'Fabric') ?? '';
  if (KNITTED_CATEGORIES.has(category) && KNITTED_FABRIC.test(fabric)) return 'knitwear';
  return null;
}
