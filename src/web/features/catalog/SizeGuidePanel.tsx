/**
 * Garment measurements in cm, as the knitwear and tees are cut. Each size's chest starts 1 cm
 * above the one before it ends, so every chest measured to the nearest cm, from the smallest to
 * the largest, fits exactly one size: none falls between two, none fits two.
 */
const CLOTHING = [
  { size: 'XS', chest: '81–88', length: '66' },
  { size: 'S', chest: '89–96', length: '69' },
  { size: 'M', chest: '97–104', length: '72' },
  { size: 'L', chest: '105–112', length: '75' },
  { size: 'XL', chest: '113–122', length: '78' },
];

/** UK ring sizes with the inside diameter and circumference of a ring that fits. */
const RINGS = [
  { size: 'J', diameter: '15.7', circumference: '49.3' },
  { size: 'K', diameter: '16.1', circumference: '50.6' },
  { size: 'L', diameter: '16.5', circumference: '51.9' },
  { size: 'M', diameter: '16.9', circumference: '53.1' },
  { size: 'N', diameter: '17.3', circumference: '54.4' },
  { size: 'O', diameter: '17.7', circumference: '55.7' },
  { size: 'P', diameter: '18.1', circumference: '57.0' },
  { size: 'Q', diameter: '18.5', circumference: '58.3' },
  { size: 'R', diameter: '18.9', circumference: '59.5' },
  { size: 'S', diameter: '19.4', circumference: '60.8' },
];

const CHAINS = [
  { length: '45 cm', sits: 'At the collarbone' },
  { length: '50 cm', sits: 'Just below the collarbone' },
  { length: '55 cm', sits: 'A little above the neckline of most tops' },
  { length: '60 cm', sits: 'At the neckline; easy to wear over a shirt' },
  { length: '70 cm', sits: 'At the breastbone; sits well over a jumper' },
];

/** The groups a guide explains; a product offers the guide when it has one of them. */
export const GUIDED_OPTIONS = ['Size', 'Ring size', 'Chain length'] as const;

const cell = 'border-t border-line py-2 pr-4 text-left tabular-nums';
const head = 'pb-2 pr-4 text-left font-medium';

function GuideTable({
  caption,
  columns,
  rows,
}: {
  caption: string;
  columns: string[];
  rows: string[][];
}) {
  return (
    <table className="w-full text-sm">
      <caption className="mb-2 text-left font-serif text-lg">{caption}</caption>
      <thead>
        <tr>
          {columns.map((column) => (
            <th key={column} scope="col" className={head}>
              {column}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {rows.map(([first, ...rest]) => (
          <tr key={first}>
            <th scope="row" className={`${cell} font-medium`}>
              {first}
            </th>
            {rest.map((value, index) => (
              <td key={`${first}-${String(index)}`} className={cell}>
                {value}
              </td>
            ))}
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** How the sizes, ring sizes and chain lengths measure, for the groups the product has. */
export function SizeGuidePanel({ groups }: { groups: readonly string[] }) {
  return (
    <div className="flex flex-col gap-8">
      {groups.includes('Size') && (
        <section className="flex flex-col gap-2">
          <GuideTable
            caption="Clothing, in cm"
            columns={['Size', 'To fit chest', 'Body length']}
            rows={CLOTHING.map((row) => [row.size, row.chest, row.length])}
          />
          <p className="text-sm text-muted">
            Measure around the fullest part of your chest, under the arms, to the nearest cm. For a
            relaxed fit, take the next size up.
          </p>
        </section>
      )}
      {groups.includes('Ring size') && (
        <section className="flex flex-col gap-2">
          <GuideTable
            caption="Rings, UK sizes"
            columns={['UK size', 'Inside diameter (mm)', 'Circumference (mm)']}
            rows={RINGS.map((row) => [row.size, row.diameter, row.circumference])}
          />
          <p className="text-sm text-muted">
            Measure the inside of a ring that fits the finger you have in mind, or wrap a strip of
            paper around the finger and measure its length.
          </p>
        </section>
      )}
      {groups.includes('Chain length') && (
        <section className="flex flex-col gap-2">
          <GuideTable
            caption="Chain lengths"
            columns={['Length', 'Where it sits']}
            rows={CHAINS.map((row) => [row.length, row.sits])}
          />
          <p className="text-sm text-muted">Chains are measured end to end, clasp included.</p>
        </section>
      )}
    </div>
  );
}
