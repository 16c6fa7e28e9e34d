import type { Specification } from '../../../../shared/catalog/catalog';

/** The product's label/value rows (metal, hallmark, fabric, care) as a two-column table. */
export function Specifications({ rows }: { rows: readonly Specification[] }) {
  if (rows.length === 0) return null;
  return (
    <table className="w-full max-w-prose text-sm">
      <caption className="mb-2 text-left font-serif text-lg">Specifications</caption>
      <tbody>
        {rows.map((row, index) => (
          <tr key={`${row.label}-${String(index)}`} className="border-t border-line">
            <th scope="row" className="w-2/5 py-2 pr-4 text-left align-top font-normal text-muted">
              {row.label}
            </th>
            <td className="py-2 wrap-anywhere">{row.value}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
