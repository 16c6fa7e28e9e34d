import { useId, useState } from 'react';
import { REPORT_REASON_MAX_LENGTH } from '../../../../shared/catalog/review-words';
import { useReportReview } from '../../../api/reviews';
import { Button } from '../../../ui/Button';
import { ErrorBox } from '../../../ui/ErrorBox';
import { TextArea } from '../../../ui/FormField';

/**
 * 'Report' under a review: a disclosure that opens a short form asking why the shop should look at
 * it. Anyone may send one, signed in or not; the shop's thanks take the form's place.
 */
export function ReportReview({ productId, reviewId }: { productId: string; reviewId: string }) {
  const id = useId();
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState('');
  const [problem, setProblem] = useState<string>();
  const report = useReportReview(productId, reviewId);

  if (report.isSuccess) {
    return (
      <p role="status" className="mt-2 text-sm text-success">
        {report.data.message}
      </p>
    );
  }
  const formId = `${id}-form`;
  // The rule is loaded with the first report sent: most shoppers never send one.
  const send = async () => {
    const { reportBodySchema } = await import('../../../../shared/catalog/review-moderation');
    const parsed = reportBodySchema.safeParse({ reason });
    if (!parsed.success) {
      setProblem(parsed.error.issues[0]?.message);
      return;
    }
    setProblem(undefined);
    if (!report.isPending) report.mutate(parsed.data);
  };
  return (
    <div className="mt-1">
      <button
        type="button"
        aria-expanded={open}
        aria-controls={formId}
        className="inline-flex min-h-11 items-center text-sm text-muted underline underline-offset-4 hover:text-ink"
        onClick={() => setOpen((was) => !was)}
      >
        Report
      </button>
      <form
        id={formId}
        hidden={!open}
        noValidate
        aria-label="Report this review"
        className="mt-2 flex max-w-prose flex-col gap-3 rounded-shop border border-line p-4"
        onSubmit={(event) => {
          event.preventDefault();
          void send();
        }}
      >
        <TextArea
          label="Why should the shop look at this review?"
          hint="For example: it is advertising, offensive, or not about this product."
          value={reason}
          maxLength={REPORT_REASON_MAX_LENGTH}
          rows={3}
          error={problem}
          onChange={(event) => setReason(event.target.value)}
        />
        <div className="flex flex-wrap gap-3">
          <Button type="submit" variant="secondary" disabled={report.isPending}>
            Send report
          </Button>
          <Button variant="quiet" onClick={() => setOpen(false)}>
            Cancel
          </Button>
        </div>
        <div aria-live="polite">{report.isError && <ErrorBox error={report.error} />}</div>
      </form>
    </div>
  );
}
