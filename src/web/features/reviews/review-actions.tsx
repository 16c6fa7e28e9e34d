import { useId, useState, type ReactNode } from 'react';
import {
  HIDDEN_REASON_MAX_LENGTH,
  REPLY_MAX_LENGTH,
  moderationBodySchema,
  replyBodySchema,
  type QueuedReview,
} from '../../../shared/catalog/review-moderation';
import { messageOf } from '../../api/client';
import { useModerateReview, useReplyToReview } from '../../api/reviews';
import { showToast } from '../../state/toast-store';
import { Button } from '../../ui/Button';
import { ErrorBox } from '../../ui/ErrorBox';
import { TextArea } from '../../ui/FormField';

const target = (review: QueuedReview) => ({ productId: review.product._id, reviewId: review._id });

/** The reason a review is hidden with: the owner's own words, never shown to shoppers. */
function HideForm({ review, onDone }: { review: QueuedReview; onDone: () => void }) {
  const [reason, setReason] = useState('');
  const [problem, setProblem] = useState<string>();
  const moderate = useModerateReview();
  return (
    <form
      noValidate
      aria-label={`Hide the review by ${review.name}`}
      className="mt-4 flex max-w-prose flex-col gap-3"
      onSubmit={(event) => {
        event.preventDefault();
        const parsed = moderationBodySchema.safeParse({ hidden: true, reason });
        if (!parsed.success) {
          setProblem(parsed.error.issues[0]?.message);
          return;
        }
        setProblem(undefined);
        moderate.mutate(
          { ...target(review), body: parsed.data },
          {
            onSuccess: ({ message }) => {
              showToast(message);
              onDone();
            },
          },
        );
      }}
    >
      <TextArea
        label="Why hide it?"
        hint="Kept in the audit log; shoppers never see it."
        value={reason}
        rows={2}
        maxLength={HIDDEN_REASON_MAX_LENGTH}
        error={problem}
        onChange={(event) => setReason(event.target.value)}
      />
      <div>
        <Button type="submit" disabled={moderate.isPending}>
          Hide review
        </Button>
      </div>
      <div aria-live="polite">{moderate.isError && <ErrorBox error={moderate.error} />}</div>
    </form>
  );
}

/** The shop's public reply; an earlier one is there to edit, and the new one replaces it. */
function ReplyForm({ review, onDone }: { review: QueuedReview; onDone: () => void }) {
  const [text, setText] = useState(review.reply?.text ?? '');
  const [problem, setProblem] = useState<string>();
  const reply = useReplyToReview();
  return (
    <form
      noValidate
      aria-label={`Reply to the review by ${review.name}`}
      className="mt-4 flex max-w-prose flex-col gap-3"
      onSubmit={(event) => {
        event.preventDefault();
        const parsed = replyBodySchema.safeParse({ text });
        if (!parsed.success) {
          setProblem(parsed.error.issues[0]?.message);
          return;
        }
        setProblem(undefined);
        reply.mutate(
          { ...target(review), body: parsed.data },
          {
            onSuccess: ({ message }) => {
              showToast(message);
              onDone();
            },
          },
        );
      }}
    >
      <TextArea
        label="Your reply"
        hint="Shown under the review on the product page."
        value={text}
        rows={3}
        maxLength={REPLY_MAX_LENGTH}
        error={problem}
        onChange={(event) => setText(event.target.value)}
      />
      <div>
        <Button type="submit" disabled={reply.isPending}>
          {review.reply ? 'Save reply' : 'Post reply'}
        </Button>
      </div>
      <div aria-live="polite">{reply.isError && <ErrorBox error={reply.error} />}</div>
    </form>
  );
}

/** Show again (or Keep shown, for a reported review left as it is): one press, said in a toast. */
function ShowButton({ review, children }: { review: QueuedReview; children: ReactNode }) {
  const moderate = useModerateReview();
  return (
    <Button
      variant="secondary"
      disabled={moderate.isPending}
      onClick={() =>
        moderate.mutate(
          { ...target(review), body: { hidden: false } },
          {
            onSuccess: ({ message }) => showToast(message),
            onError: (error) => showToast(messageOf(error)),
          },
        )
      }
    >
      {children}
    </Button>
  );
}

type OpenForm = 'hide' | 'reply' | undefined;

/**
 * What the owner may do with a review: hide it (with a reason) or show it again, keep a reported
 * one shown, show or hide one waiting to be shown, and reply under it. Hide and Reply open their
 * form under the buttons, one at a time.
 */
export function ReviewActions({ review }: { review: QueuedReview }) {
  const formId = useId();
  const [open, setOpen] = useState<OpenForm>();
  const toggle = (form: OpenForm) => () => setOpen((was) => (was === form ? undefined : form));
  const close = () => setOpen(undefined);
  // A review waiting to be shown is hidden, and may be hidden for good with a reason.
  const hideable = !review.hidden || review.waiting;
  return (
    <div className="mt-4">
      <div className="flex flex-wrap gap-3">
        {review.hidden && (
          <ShowButton review={review}>{review.waiting ? 'Show' : 'Show again'}</ShowButton>
        )}
        {!review.hidden && review.reports > 0 && (
          <ShowButton review={review}>Keep shown</ShowButton>
        )}
        {hideable && (
          <Button
            variant="secondary"
            aria-expanded={open === 'hide'}
            aria-controls={formId}
            onClick={toggle('hide')}
          >
            Hide
          </Button>
        )}
        <Button
          variant="secondary"
          aria-expanded={open === 'reply'}
          aria-controls={formId}
          onClick={toggle('reply')}
        >
          {review.reply ? 'Edit reply' : 'Reply'}
        </Button>
      </div>
      <div id={formId}>
        {open === 'hide' && hideable && <HideForm review={review} onDone={close} />}
        {open === 'reply' && <ReplyForm review={review} onDone={close} />}
      </div>
    </div>
  );
}
