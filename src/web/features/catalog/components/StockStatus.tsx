export function StockStatus({ countInStock }: { countInStock: number }) {
  return countInStock > 0 ? (
    <span className="text-sm text-success">In Stock</span>
  ) : (
    <span className="text-sm text-muted">Out Of Stock</span>
  );
}
