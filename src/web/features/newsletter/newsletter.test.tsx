import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderInApp } from '../../../../tests/support/render';
import { answerWith } from '../../support/testing';
import { NewsletterForm } from './NewsletterForm';

describe('the newsletter form', () => {
  afterEach(() => {
    vi.restoreAllMocks();
    vi.unstubAllGlobals();
  });

  it('keeps its button disabled while the field is empty', async () => {
    renderInApp(<NewsletterForm />);
    const button = screen.getByRole<HTMLButtonElement>('button', { name: 'Subscribe' });
    expect(button.disabled).toBe(true);
    await userEvent.type(screen.getByRole('textbox', { name: 'Email address' }), 'a');
    expect(button.disabled).toBe(false);
  });

  it('sends nothing for an address shorter than five characters', async () => {
    const send = vi.spyOn(globalThis, 'fetch');
    renderInApp(<NewsletterForm />);
    await userEvent.type(screen.getByRole('textbox', { name: 'Email address' }), 'a@b{Enter}');
    expect(send).not.toHaveBeenCalled();
  });

  it('thanks the subscriber and asks them to confirm from their inbox', async () => {
    answerWith(201, { message: 'Thank you for subscribing' });
    renderInApp(<NewsletterForm />);
    await userEvent.type(
      screen.getByRole('textbox', { name: 'Email address' }),
      'reader@example.com{Enter}',
    );
    expect(
      await screen.findByText('Thank you for subscribing. Please check your inbox to confirm.'),
    ).toBeTruthy();
  });
});
