import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderInApp } from '../../../../tests/support/render';
import { answerBy, resetStores, signInAs } from '../../support/testing';
import { ProductForm } from './ProductForm';
import { admin, pendant, putsOf, retype } from './product-test-kit';

const engraved = {
  ...pendant,
  personalisation: {
    label: 'Engraving',
    maxLength: 12,
    lines: 2,
    characters: 'letters' as const,
    price: 8,
    pricePerCharacter: 1,
    required: false,
  },
};

describe('the product editor’s personalisation', () => {
  beforeEach(resetStores);
  afterEach(() => vi.unstubAllGlobals());

  it('offers an engraving with its lines, characters and prices, and sends it', async () => {
    signInAs(admin);
    const send = answerBy(() => [200, pendant]);
    renderInApp(<ProductForm productId={pendant._id} />);
    const section = await screen.findByRole('group', { name: 'Personalisation' });
    expect(within(section).queryByLabelText('Called')).toBeNull();
    await userEvent.click(
      within(section).getByRole('checkbox', { name: /Buyers can personalise it/ }),
    );
    await retype('Called', 'Initials');
    await userEvent.selectOptions(within(section).getByLabelText('Lines'), '1');
    await retype('Characters a line', '3');
    await userEvent.selectOptions(
      within(section).getByLabelText('Characters allowed'),
      'letters-digits',
    );
    await retype('Its price (£)', '5');
    await retype('Price a character (£)', '0.50');
    await userEvent.click(
      within(section).getByRole('checkbox', { name: /Sold only personalised/ }),
    );
    await userEvent.click(screen.getByRole('button', { name: 'Update' }));
    expect(await screen.findByText('Product saved')).toBeTruthy();
    expect(putsOf(send)[0]?.body).toMatchObject({
      personalisation: {
        label: 'Initials',
        maxLength: 3,
        lines: 1,
        characters: 'letters-digits',
        price: 5,
        pricePerCharacter: 0.5,
        required: true,
      },
    });
  });

  it('says what is wrong beside the field and sends nothing, and sends null once it is turned off', async () => {
    signInAs(admin);
    const send = answerBy(() => [200, engraved]);
    renderInApp(<ProductForm productId={engraved._id} />);
    const section = await screen.findByRole('group', { name: 'Personalisation' });
    expect(within(section).getByLabelText<HTMLInputElement>('Called').value).toBe('Engraving');
    await retype('Characters a line', '61');
    await userEvent.click(screen.getByRole('button', { name: 'Update' }));
    expect(await within(section).findByText('A line holds at most 60 characters')).toBeTruthy();
    expect(putsOf(send)).toEqual([]);

    await userEvent.click(
      within(section).getByRole('checkbox', { name: /Buyers can personalise it/ }),
    );
    await userEvent.click(screen.getByRole('button', { name: 'Update' }));
    expect(await screen.findByText('Product saved')).toBeTruthy();
    expect(putsOf(send)[0]?.body).toMatchObject({ personalisation: null });
  });
});
