import { zodResolver } from '@hookform/resolvers/zod';
import { useId } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import * as z from 'zod';
import {
  RATING_CHOICES,
  REVIEW_COMMENT_MAX_LENGTH,
  REVIEW_HELD,
} from '../../../shared/catalog/reviews';
import { reviewBodySchema } from '../../../shared/catalog/catalog';
import { useAddReview } from '../../api/reviews';
import { showToast } from '../../state/toast-store';
import { Button } from '../../ui/Button';
import { FieldError, FormStatus, TextArea } from '../../ui/FormField';
import { TOAST } from '../../ui/messages';
import { RatingStars } from '../../ui/RatingStars';

const RATING_REQUIRED = 'Please choose a rating from 1 to 5';

/** Radio buttons give their value as text; none chosen gives null. */
const reviewFormSchema = z.object({
  rating: z
    .string({ error: RATING_REQUIRED })
    .transform(Number)
    .pipe(reviewBodySchema.shape.rating),
  comment: reviewBodySchema.shape.comment,
});

const starsLabel = (value: number) => `${value} ${value === 1 ? 'star' : 'stars'}`;

/** A star rating as real radio buttons in a fieldset, a comment, and 'Leave Feedback'. */
export function ReviewForm({ productId, onDone }: { productId: string; onDone: () => void }) {
  const id = useId();
  const addReview = useAddReview(productId);
  const {
    register,
    handleSubmit,
    reset,
    control,
    formState: { errors },
  } = useForm({
    resolver: zodResolver(reviewFormSchema),
    defaultValues: { rating: '', comment: '' },
  });
  const comment = useWatch({ control, name: 'comment' });
  const ratingErrorId = `${id}-rating-error`;

  const submit = handleSubmit((body) => {
    if (addReview.isPending) return;
    addReview.mutate(body, {
      onSuccess: ({ waiting }) => {
        showToast(waiting ? REVIEW_HELD : TOAST.reviewSubmitted);
        reset();
        onDone();
      },
    });
  });

  return (
    <form noValidate className="flex flex-col gap-6" onSubmit={(event) => void submit(event)}>
      <fieldset>
        <legend className="text-sm font-medium">Rating</legend>
        <div className="mt-2 flex flex-col gap-1">
          {RATING_CHOICES.map((choice) => (
            <label
              key={choice.value}
              className="flex min-h-11 cursor-pointer items-center gap-3 rounded-shop px-2 hover:bg-sand has-checked:bg-accent-soft"
            >
              <input
                type="radio"
                value={String(choice.value)}
                className="size-4 accent-accent"
                aria-describedby={ratingErrorId}
                {...register('rating')}
              />
              <span aria-hidden="true" className="inline-flex">
                <RatingStars rating={choice.value} />
              </span>
              <span>
                {choice.label}
                <span className="sr-only">, {starsLabel(choice.value)}</span>
              </span>
            </label>
          ))}
        </div>
        <FieldError id={ratingErrorId} error={errors.rating?.message} />
      </fieldset>
      <TextArea
        label="Comment"
        maxLength={REVIEW_COMMENT_MAX_LENGTH}
        hint={`${comment.length} of ${REVIEW_COMMENT_MAX_LENGTH} characters`}
        error={errors.comment?.message}
        {...register('comment')}
      />
      <Button type="submit" disabled={addReview.isPending}>
        Leave Feedback
      </Button>
      <FormStatus error={addReview.error} />
    </form>
  );
}
