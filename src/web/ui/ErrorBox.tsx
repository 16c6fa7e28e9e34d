import { messageOf } from '../api/client';

export function ErrorBox({ error, title }: { error: unknown; title?: string }) {
  return (
    <div
      role="alert"
      className="rounded-shop border border-error/30 bg-error/5 px-4 py-3 text-error"
    >
      {title && <p className="font-medium">{title}</p>}
      <p>{messageOf(error)}</p>
    </div>
  );
}
