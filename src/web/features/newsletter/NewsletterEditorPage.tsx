import { zodResolver } from '@hookform/resolvers/zod';
import { useForm, type UseFormReturn } from 'react-hook-form';
import { useNavigate, useParams } from 'react-router';
import { formatLongDate } from '../../../shared/dates';
import {
  BODY_MAX,
  newsletterBodySchema,
  type NewsletterBody,
  type NewsletterDetail,
} from '../../../shared/newsletters/newsletters';
import {
  useAdminNewsletter,
  useCreateNewsletter,
  useSendNewsletter,
  useSendTestNewsletter,
  useUpdateNewsletter,
} from '../../api/admin-newsletters';
import { ApiError } from '../../api/client';
import { AdminEditPage } from '../../back-office/admin-edit-page';
import { EditForm, LoadedForm } from '../../back-office/edit-form';
import { discardQuestion, useUnsavedChanges } from '../../back-office/unsaved-changes';
import { showToast } from '../../state/toast-store';
import { Button } from '../../ui/Button';
import { FormStatus, TextArea, TextField } from '../../ui/FormField';
import {
  CARD_HELP,
  countWords,
  sendQuestion,
  STATUS_WORDS,
  subscribersWords,
} from './newsletter-words';

const BACK = { to: '/admin/newsletters', label: 'Back to newsletters' };
const EMPTY: NewsletterBody = { subject: '', body: '' };

type NewsletterForm = UseFormReturn<NewsletterBody>;

/** Says what the server found wrong under the field at fault: a card naming no product, say. */
const problemsUnder = (form: NewsletterForm) => (error: Error) => {
  if (!(error instanceof ApiError)) return;
  (error.errors ?? []).forEach(({ path, message }, index) => {
    if (path === 'subject' || path === 'body') {
      form.setError(path, { message }, { shouldFocus: index === 0 });
    }
  });
};
const saidUnderFields = (error: unknown) =>
  error instanceof ApiError &&
  (error.errors ?? []).some(({ path }) => path === 'subject' || path === 'body');

function NewsletterInputs({ form }: { form: NewsletterForm }) {
  const {
    register,
    formState: { errors },
  } = form;
  return (
    <>
      <TextField
        label="Subject"
        hint="What subscribers see in their inbox, up to 150 characters."
        autoComplete="off"
        error={errors.subject?.message}
        {...register('subject')}
      />
      <TextArea
        label="Letter"
        hint={CARD_HELP}
        rows={14}
        maxLength={BODY_MAX}
        error={errors.body?.message}
        {...register('body')}
      />
    </>
  );
}

function useNewsletterForm(values: NewsletterBody) {
  return useForm<NewsletterBody>({
    resolver: zodResolver(newsletterBodySchema),
    defaultValues: values,
  });
}

/** A newsletter not written yet: nothing is kept until the owner saves it, then it opens. */
function NewNewsletterForm() {
  const create = useCreateNewsletter();
  const navigate = useNavigate();
  const form = useNewsletterForm(EMPTY);
  useUnsavedChanges(form.formState.isDirty ? discardQuestion('this newsletter') : null);
  const submit = form.handleSubmit((body) => {
    if (create.isPending) return;
    create.mutate(body, {
      onSuccess: (made) => {
        form.reset(body);
        showToast('Newsletter saved as a draft: see its preview');
        void navigate(`/admin/newsletter/${made._id}`, { replace: true });
      },
      onError: problemsUnder(form),
    });
  });
  return (
    <EditForm
      onSubmit={submit}
      busy={create.isPending}
      action="Save draft"
      success={null}
      error={saidUnderFields(create.error) ? null : create.error}
    >
      <NewsletterInputs form={form} />
    </EditForm>
  );
}

/**
 * The mail as subscribers will see it, in a frame of its own so the page's styles and the mail's
 * keep apart. The server escapes all the owner wrote, and the frame keeps the page's Content
 * Security Policy, which runs no inline script; it is not sandboxed, so that a screen reader's and
 * an accessibility checker's tools can read inside it.
 */
function Preview({ newsletter }: { newsletter: NewsletterDetail }) {
  return (
    <section aria-labelledby="newsletter-preview" className="flex flex-col gap-3">
      <h2 id="newsletter-preview" className="font-serif text-xl">
        Preview
      </h2>
      <p className="text-sm text-muted">
        Subject: <span className="text-ink">{newsletter.subject}</span>
      </p>
      <iframe
        title="The newsletter as subscribers will see it"
        srcDoc={newsletter.html}
        className="h-[32rem] w-full rounded-shop border border-line bg-white"
      />
    </section>
  );
}

/** A test to the owner, and the send itself, asked to confirm with how many it goes to. */
function SendActions({ newsletter, unsaved }: { newsletter: NewsletterDetail; unsaved: boolean }) {
  const test = useSendTestNewsletter();
  const send = useSendNewsletter();
  const sendNow = () => {
    if (!window.confirm(sendQuestion(newsletter.subject, newsletter.audience))) return;
    send.mutate(newsletter._id, {
      onSuccess: () => {
        showToast(`Sending to ${subscribersWords(newsletter.audience)}`);
        // The buttons are gone with the draft: the focus goes to how the sending stands.
        requestAnimationFrame(() => document.getElementById('newsletter-progress')?.focus());
      },
    });
  };
  const busy = test.isPending || send.isPending;
  return (
    <section aria-labelledby="newsletter-send" className="flex flex-col gap-3">
      <h2 id="newsletter-send" className="font-serif text-xl">
        Send
      </h2>
      {unsaved ? (
        <p className="text-sm text-muted">
          Save your changes first: tests and sends use the saved letter.
        </p>
      ) : (
        <p className="text-sm text-muted">
          {newsletter.audience === 0
            ? 'Nobody has agreed to letters yet, so there is nobody to send to.'
            : `${subscribersWords(newsletter.audience)} agreed to letters and would get it now.`}
        </p>
      )}
      <div className="flex flex-wrap gap-3">
        <Button
          variant="secondary"
          disabled={busy || unsaved}
          onClick={() => test.mutate(newsletter._id)}
        >
          Send a test to me
        </Button>
        <Button disabled={busy || unsaved || newsletter.audience === 0} onClick={sendNow}>
          {`Send to ${subscribersWords(newsletter.audience)}`}
        </Button>
      </div>
      <FormStatus success={test.data?.message} error={test.error ?? send.error} />
    </section>
  );
}

function DraftNewsletter({ newsletter }: { newsletter: NewsletterDetail }) {
  const update = useUpdateNewsletter();
  const form = useNewsletterForm({ subject: newsletter.subject, body: newsletter.body });
  const unsaved = form.formState.isDirty;
  useUnsavedChanges(unsaved ? discardQuestion(newsletter.subject) : null);
  const submit = form.handleSubmit((body) => {
    if (update.isPending) return;
    update.mutate(
      { id: newsletter._id, body },
      {
        onSuccess: (saved) => form.reset({ subject: saved.subject, body: saved.body }),
        onError: problemsUnder(form),
      },
    );
  });
  return (
    <div className="grid gap-10 lg:grid-cols-2">
      <EditForm
        onSubmit={submit}
        note="A draft: nobody is sent anything until you send it."
        busy={update.isPending}
        action="Save draft"
        success={update.isSuccess && !unsaved ? 'Draft saved: the preview shows it' : null}
        error={saidUnderFields(update.error) ? null : update.error}
      >
        <NewsletterInputs form={form} />
      </EditForm>
      <div className="flex flex-col gap-10">
        <Preview newsletter={newsletter} />
        <SendActions newsletter={newsletter} unsaved={unsaved} />
      </div>
    </div>
  );
}

/** A newsletter sent or on its way: what went, and how its sending stands. */
function SentNewsletter({ newsletter }: { newsletter: NewsletterDetail }) {
  const facts: [string, string][] = [
    ['Status', STATUS_WORDS[newsletter.status]],
    ['Sent on', newsletter.sentAt ? formatLongDate(newsletter.sentAt) : '—'],
    ['Delivered', String(newsletter.sent)],
    ['Still to go', String(newsletter.queued)],
    ['Failed', String(newsletter.failed)],
    ['Unsubscribed before theirs went', String(newsletter.unsubscribed)],
  ];
  return (
    <div className="grid gap-10 lg:grid-cols-2">
      <section aria-labelledby="newsletter-progress" className="flex flex-col gap-4">
        <h2 id="newsletter-progress" tabIndex={-1} className="font-serif text-xl">
          {newsletter.status === 'sending' ? 'On its way' : 'Sent'}
        </h2>
        <p aria-live="polite">{countWords(newsletter)}</p>
        <dl className="grid grid-cols-[auto_1fr] gap-x-6 gap-y-2">
          {facts.map(([term, value]) => (
            <div key={term} className="contents">
              <dt className="text-muted">{term}</dt>
              <dd>{value}</dd>
            </div>
          ))}
        </dl>
      </section>
      <Preview newsletter={newsletter} />
    </div>
  );
}

function SavedNewsletter({ id }: { id: string }) {
  const query = useAdminNewsletter(id);
  return (
    <LoadedForm query={query} loading="Loading newsletter…" fields={2}>
      {(newsletter) =>
        newsletter.status === 'draft' ? (
          <DraftNewsletter newsletter={newsletter} />
        ) : (
          <SentNewsletter newsletter={newsletter} />
        )
      }
    </LoadedForm>
  );
}

/**
 * `/admin/newsletter/new` and `/admin/newsletter/:id`: the owner writes a newsletter (a subject and
 * Markdown, with product cards), previews it as subscribers will see it, sends a test to
 * themself, then sends it; once sent, how its sending stands.
 */
export function NewsletterEditorPage() {
  const id = useParams().id ?? 'new';
  return (
    <AdminEditPage
      heading={id === 'new' ? 'Write a newsletter' : 'Newsletter'}
      back={BACK}
      width={id === 'new' ? 'max-w-2xl' : 'max-w-6xl'}
    >
      {id === 'new' ? <NewNewsletterForm /> : <SavedNewsletter id={id} />}
    </AdminEditPage>
  );
}
