import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SCROLL_HINT, ScrollRegion } from './ScrollRegion';

/** jsdom lays nothing out: the region is given the widths a phone would give it. */
function layOut({ content, region }: { content: number; region: number }) {
  const scrolled = { left: 0 };
  const isRegion = (element: Element) => element.getAttribute('role') === 'region';
  vi.spyOn(Element.prototype, 'scrollWidth', 'get').mockImplementation(function (this: Element) {
    return isRegion(this) ? content : 0;
  });
  vi.spyOn(Element.prototype, 'clientWidth', 'get').mockImplementation(function (this: Element) {
    return isRegion(this) ? region : 0;
  });
  vi.spyOn(Element.prototype, 'scrollLeft', 'get').mockImplementation(function (this: Element) {
    return isRegion(this) ? scrolled.left : 0;
  });
  return scrolled;
}

const table = (
  <table>
    <tbody>
      <tr>
        <td>Order 1</td>
      </tr>
    </tbody>
  </table>
);

/** Renders, then lets the first measurement (on the next frame) happen. */
async function renderRegion() {
  const { container } = render(<ScrollRegion label="Your orders">{table}</ScrollRegion>);
  await act(() => new Promise((resolve) => requestAnimationFrame(resolve)));
  return container;
}

describe('a table wider than the screen', () => {
  afterEach(() => vi.restoreAllMocks());

  it('scrolls in a region the keyboard can reach, says so, and shades the side with more', async () => {
    const scrolled = layOut({ content: 800, region: 390 });
    const container = await renderRegion();
    const region = screen.getByRole('region', { name: 'Your orders' });
    expect(region.tabIndex).toBe(0);
    expect(screen.getByText(SCROLL_HINT)).toBeTruthy();
    expect(region.getAttribute('aria-describedby')).toBe(screen.getByText(SCROLL_HINT).id);
    expect(container.querySelector('[data-edge="after"]')).not.toBeNull();
    expect(container.querySelector('[data-edge="before"]')).toBeNull();

    scrolled.left = 200;
    fireEvent.scroll(region);
    expect(container.querySelector('[data-edge="before"]')).not.toBeNull();
    expect(container.querySelector('[data-edge="after"]')).not.toBeNull();

    scrolled.left = 410;
    fireEvent.scroll(region);
    expect(container.querySelector('[data-edge="before"]')).not.toBeNull();
    expect(container.querySelector('[data-edge="after"]')).toBeNull();
    expect(screen.getByText(SCROLL_HINT)).toBeTruthy();
  });

  it('says nothing of scrolling when the table fits', async () => {
    layOut({ content: 600, region: 1200 });
    const container = await renderRegion();
    expect(screen.getByRole('region', { name: 'Your orders' }).tabIndex).toBe(0);
    expect(screen.queryByText(SCROLL_HINT)).toBeNull();
    expect(container.querySelector('[data-edge]')).toBeNull();
  });

  it('notices when the screen turns and the table no longer fits', async () => {
    const widths = { content: 800, region: 1200 };
    vi.spyOn(Element.prototype, 'scrollWidth', 'get').mockImplementation(() => widths.content);
    vi.spyOn(Element.prototype, 'clientWidth', 'get').mockImplementation(() => widths.region);
    await renderRegion();
    expect(screen.queryByText(SCROLL_HINT)).toBeNull();
    widths.region = 390;
    fireEvent(window, new Event('resize'));
    expect(screen.getByText(SCROLL_HINT)).toBeTruthy();
  });
});
