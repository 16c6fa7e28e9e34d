import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { NewsletterDetail } from '../../../shared/newsletters/newsletters';
import { useToast } from '../../state/toast-store';
import {
  answerBy,
  ann,
  callsOf,
  pasteInto,
  renderRoutes,
  resetStores,
  signInAs,
} from '../../support/testing';
import { NewsletterEditorPage } from './NewsletterEditorPage';
import { NewsletterListPage } from './NewsletterListPage';

const owner = { ...ann, _id: 'owner000000000000000000', isAdmin: true, role: 'admin' as const };

const autumn: NewsletterDetail = {
  _id: 'nl0000000000000000000001',
  subject: 'Autumn knits',
  body: 'Warm things.\n\n{{product:p1}}',
  status: 'draft',
  createdAt: '2026-11-01T09:00:00.000Z',
  updatedAt: '2026-11-01T09:00:00.000Z',
  sentAt: null,
  queued: 0,
  sent: 0,
  failed: 0,
  unsubscribed: 0,
  html: '<!doctype html><p>Warm things.</p><p>Aran Jumper</p>',
  text: 'Warm things.',
  audience: 3,
};
const sentLetter: NewsletterDetail = {
  ...autumn,
  _id: 'nl0000000000000000000002',
  subject: 'Summer scarves',
  status: 'sent',
  sentAt: '2026-07-02T09:00:00.000Z',
  sent: 40,
  failed: 1,
  unsubscribed: 2,
};

const routes = [
  { path: '/admin/newsletters/:pageNumber?', element: <NewsletterListPage /> },
  { path: '/admin/newsletter/:id', element: <NewsletterEditorPage /> },
];

describe('the newsletters page', () => {
  beforeEach(() => {
    resetStores();
    signInAs(owner);
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('lists each newsletter with its status and how its sending stands', async () => {
    answerBy(() => [200, { newsletters: [autumn, sentLetter], page: 1, pages: 1 }]);
    renderRoutes(routes, '/admin/newsletters');
    await screen.findByRole('link', { name: 'Autumn knits' });
    const rows = within(screen.getByRole('table')).getAllByRole('row');
    expect(rows.map((row) => row.textContent)).toEqual([
      'SubjectStatusSentSubscribers',
      'Autumn knitsDraft—Not sent yet',
      'Summer scarvesSent2 July 202640 sent, 1 failed, 2 unsubscribed first',
    ]);
    expect(screen.getByRole('link', { name: 'Autumn knits' }).getAttribute('href')).toBe(
      `/admin/newsletter/${autumn._id}`,
    );
    expect(screen.getByRole('link', { name: 'Write a newsletter' }).getAttribute('href')).toBe(
      '/admin/newsletter/new',
    );
  });

  it('says what a newsletter is when there is none', async () => {
    answerBy(() => [200, { newsletters: [], page: 1, pages: 1 }]);
    renderRoutes(routes, '/admin/newsletters');
    expect(await screen.findByText(/There are no newsletters yet/)).toBeTruthy();
  });

  it('keeps a new newsletter as a draft, saying under the letter a card the shop cannot show', async () => {
    let refuse = true;
    const send = answerBy((method) => {
      if (method === 'POST' && refuse) {
        refuse = false;
        const message = 'No product on sale has the id "nope"';
        return [400, { message, code: 'VALIDATION_FAILED', errors: [{ path: 'body', message }] }];
      }
      return method === 'POST' ? [201, autumn] : [200, autumn];
    });
    const where = renderRoutes(routes, '/admin/newsletter/new');
    await userEvent.click(await screen.findByRole('button', { name: 'Save draft' }));
    expect(screen.getByText('Please enter a subject')).toBeTruthy();
    expect(screen.getByText('Please write the newsletter')).toBeTruthy();
    expect(callsOf(send)).toEqual([]);

    await pasteInto(screen.getByLabelText('Subject'), 'Autumn knits');
    await pasteInto(screen.getByLabelText('Letter'), 'Warm things.\n\n{{product:nope}}');
    await userEvent.click(screen.getByRole('button', { name: 'Save draft' }));
    const letter = screen.getByLabelText('Letter');
    await waitFor(() => expect(letter.getAttribute('aria-invalid')).toBe('true'));
    expect(screen.getByText('No product on sale has the id "nope"')).toBeTruthy();
    expect(letter.getAttribute('aria-describedby')).toContain(
      screen.getByText(/put \{\{product:ID\}\} on a line of its own/).id,
    );

    await userEvent.click(screen.getByRole('button', { name: 'Save draft' }));
    await waitFor(() => expect(where()).toBe(`/admin/newsletter/${autumn._id}`));
    expect(callsOf(send)[1]).toEqual({
      method: 'POST',
      path: '/api/newsletters',
      body: { subject: 'Autumn knits', body: 'Warm things.\n\n{{product:nope}}' },
    });
  });

  it('previews a draft, mails the owner a test, and sends it once they confirm the number', async () => {
    const send = answerBy((method, path) => {
      if (path.endsWith('/test'))
        return [200, { message: `A test is on its way to ${owner.email}` }];
      if (path.endsWith('/send')) return [200, { ...autumn, status: 'sending', queued: 3 }];
      return [200, autumn];
    });
    const confirm = vi.spyOn(window, 'confirm').mockReturnValueOnce(false).mockReturnValue(true);
    renderRoutes(routes, `/admin/newsletter/${autumn._id}`);
    const preview = await screen.findByTitle('The newsletter as subscribers will see it');
    expect(preview.getAttribute('srcdoc')).toBe(autumn.html);

    await userEvent.click(screen.getByRole('button', { name: 'Send a test to me' }));
    expect(await screen.findByText(`A test is on its way to ${owner.email}`)).toBeTruthy();

    const sendButton = screen.getByRole('button', { name: 'Send to 3 subscribers' });
    await userEvent.click(sendButton);
    expect(confirm).toHaveBeenLastCalledWith(
      'Send “Autumn knits” to 3 subscribers now? It cannot be taken back.',
    );
    expect(callsOf(send).filter((call) => call.path.endsWith('/send'))).toEqual([]);
    await userEvent.click(sendButton);
    const progress = await screen.findByRole('heading', { name: 'On its way' });
    await waitFor(() => expect(document.activeElement).toBe(progress));
    expect(useToast.getState().message).toBe('Sending to 3 subscribers');
    expect(callsOf(send).filter(({ method }) => method === 'POST')).toEqual([
      { method: 'POST', path: `/api/newsletters/${autumn._id}/test`, body: undefined },
      { method: 'POST', path: `/api/newsletters/${autumn._id}/send`, body: undefined },
    ]);
  });

  it('holds tests and sends back while the letter has unsaved changes', async () => {
    answerBy(() => [200, autumn]);
    renderRoutes(routes, `/admin/newsletter/${autumn._id}`);
    const subject = await screen.findByLabelText('Subject');
    await userEvent.type(subject, ' and scarves');
    expect(
      screen.getByText('Save your changes first: tests and sends use the saved letter.'),
    ).toBeTruthy();
    expect(
      screen.getByRole<HTMLButtonElement>('button', { name: 'Send a test to me' }).disabled,
    ).toBe(true);
    expect(
      screen.getByRole<HTMLButtonElement>('button', { name: 'Send to 3 subscribers' }).disabled,
    ).toBe(true);
  });

  it('shows a sent newsletter as it went, with its counts, and no form', async () => {
    answerBy(() => [200, sentLetter]);
    renderRoutes(routes, `/admin/newsletter/${sentLetter._id}`);
    expect(await screen.findByRole('heading', { name: 'Sent' })).toBeTruthy();
    expect(screen.getByText('40 sent, 1 failed, 2 unsubscribed first')).toBeTruthy();
    expect(screen.queryByLabelText('Subject')).toBeNull();
    expect(screen.queryByRole('button', { name: /Send/ })).toBeNull();
  });
});
