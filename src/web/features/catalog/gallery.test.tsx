import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import type { ProductDetail } from '../../../shared/catalog/catalog';
import { useBasket } from '../../state/basket-store';
import { answerBy, renderRoutes, resetStores, teeInSizes } from '../../support/testing';
import { ProductPage } from './ProductPage';

/** The stripe tee with three pictures; size M is pictured on its own. */
const tee: ProductDetail = {
  ...teeInSizes,
  image: '/uploads/tee-front.webp',
  images: [
    { url: '/uploads/tee-front.webp', alt: 'The stripe tee from the front' },
    { url: '/uploads/tee-back.webp', alt: 'The stripe tee from the back' },
    { url: '/uploads/tee-collar.webp', alt: 'A close-up of the collar' },
  ],
  variants: teeInSizes.variants.map((variant) =>
    variant._id === 'v-m' ? { ...variant, image: '/uploads/tee-collar.webp' } : variant,
  ),
};

function openTee(product: ProductDetail, search = '') {
  answerBy((_method, path) => {
    if (path === `/api/products/${product._id}`) return [200, product];
    if (path === `/api/products/${product._id}/similar`) return [200, []];
    return [404, { message: 'Not found', code: 'NOT_FOUND' }];
  });
  return renderRoutes(
    [{ path: '/product/:id', element: <ProductPage /> }],
    `/product/${product._id}${search}`,
  );
}

/** The large picture shown, by the button that opens its larger view. */
const shownPicture = () => {
  const stage = screen.getByRole('button', { name: /^Larger view/ });
  const image = stage.querySelector('img');
  if (!image) throw new Error('no picture is shown');
  return image;
};
const thumbnail = (name: RegExp) =>
  within(screen.getByRole('list', { name: 'Pictures' })).getByRole('button', { name });
const currentThumbnail = () =>
  within(screen.getByRole('list', { name: 'Pictures' }))
    .getAllByRole('button')
    .find((button) => button.getAttribute('aria-current') === 'true');

describe('a product’s gallery', () => {
  beforeEach(() => {
    resetStores();
    act(() => useBasket.setState({ basketItems: [] }));
  });

  it('shows the first picture with the page and a button for each, loading no other picture large', async () => {
    openTee(tee);
    await screen.findByRole('list', { name: 'Pictures' });
    const picture = shownPicture();
    expect(picture.getAttribute('alt')).toBe('The stripe tee from the front');
    expect(picture.getAttribute('loading')).toBe('eager');
    expect(picture.getAttribute('fetchpriority')).toBe('high');
    // A phone takes the medium copy, a wide screen the large one.
    expect(picture.getAttribute('srcset')).toBe(
      '/uploads/tee-front.sm.webp 480w, /uploads/tee-front.md.webp 800w, /uploads/tee-front.webp 1200w',
    );
    expect(
      within(screen.getByRole('list', { name: 'Pictures' }))
        .getAllByRole('button')
        .map((button) => button.getAttribute('aria-label')),
    ).toEqual([
      'Picture 1 of 3: The stripe tee from the front',
      'Picture 2 of 3: The stripe tee from the back',
      'Picture 3 of 3: A close-up of the collar',
    ]);
    expect(currentThumbnail()?.getAttribute('aria-label')).toMatch(/^Picture 1 of 3/);
    // Thumbnails are the small copies, loaded as they come into view; no other picture is large.
    const sources = [...document.querySelectorAll('img')].map((image) => image.getAttribute('src'));
    expect(sources).not.toContain('/uploads/tee-back.webp');
    expect(sources).toContain('/uploads/tee-back.sm.webp');
    for (const small of document.querySelectorAll('ul img')) {
      expect(small.getAttribute('loading')).toBe('lazy');
    }
  });

  it('turns the pictures by their buttons and arrow keys, the focus following', async () => {
    openTee(tee);
    await userEvent.click(await screen.findByRole('button', { name: /^Picture 2 of 3/ }));
    expect(shownPicture().getAttribute('alt')).toBe('The stripe tee from the back');
    expect(shownPicture().getAttribute('loading')).toBe('lazy');
    expect(currentThumbnail()).toBe(thumbnail(/^Picture 2 of 3/));

    await userEvent.keyboard('{ArrowRight}');
    expect(document.activeElement).toBe(thumbnail(/^Picture 3 of 3/));
    expect(shownPicture().getAttribute('alt')).toBe('A close-up of the collar');
    await userEvent.keyboard('{ArrowRight}');
    expect(document.activeElement).toBe(thumbnail(/^Picture 1 of 3/));
    await userEvent.keyboard('{End}');
    expect(currentThumbnail()).toBe(thumbnail(/^Picture 3 of 3/));
    await userEvent.keyboard('{Home}{ArrowLeft}');
    expect(shownPicture().getAttribute('alt')).toBe('A close-up of the collar');
    await userEvent.tab({ shift: true });
    expect(document.activeElement).toBe(thumbnail(/^Picture 2 of 3/));
    // An arrow moves on from the thumbnail that has the focus, whichever picture is shown.
    await userEvent.keyboard('{ArrowLeft}');
    expect(document.activeElement).toBe(thumbnail(/^Picture 1 of 3/));
    expect(shownPicture().getAttribute('alt')).toBe('The stripe tee from the front');
  });

  it('shows a variant’s own picture when it is chosen, and the address names it', async () => {
    openTee(tee, '?variant=v-m');
    await screen.findByRole('list', { name: 'Pictures' });
    expect(shownPicture().getAttribute('alt')).toBe('A close-up of the collar');
    expect(shownPicture().getAttribute('loading')).toBe('eager');

    await userEvent.click(thumbnail(/^Picture 1 of 3/));
    const sizes = screen.getByRole('group', { name: /Size/ });
    // A size without a picture of its own leaves the picture shown as it is.
    await userEvent.click(within(sizes).getByRole('radio', { name: 'S' }));
    expect(shownPicture().getAttribute('alt')).toBe('The stripe tee from the front');
    await userEvent.click(within(sizes).getByRole('radio', { name: 'M' }));
    expect(shownPicture().getAttribute('alt')).toBe('A close-up of the collar');
  });

  it('shows a product with one picture without buttons to turn it', async () => {
    openTee(teeInSizes);
    const stage = await screen.findByRole('button', { name: 'Larger view: Breton Stripe Tee' });
    expect(stage.querySelector('img')?.getAttribute('alt')).toBe('Breton Stripe Tee');
    expect(screen.queryByRole('list', { name: 'Pictures' })).toBeNull();
  });
});
