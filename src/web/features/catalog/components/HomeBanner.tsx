import { SHOP_NAME } from '../../../../shared/settings/shop';
import { ButtonLink } from '../../../ui/Button';

/** The welcome at the top of the shop, with its Shop Now buttons. */
export function HomeBanner() {
  return (
    <section aria-labelledby="banner-heading" className="mb-14 grid gap-4 md:grid-cols-3">
      <div className="flex flex-col justify-center rounded-shop bg-sand px-5 py-7 md:col-span-2 md:px-12 md:py-16">
        <p className="hidden text-sm tracking-[0.16em] text-muted uppercase md:block">
          {SHOP_NAME}
        </p>
        <h1
          id="banner-heading"
          className="max-w-lg text-2xl md:mt-3 md:text-[3.05rem] md:leading-[1.1]"
        >
          Small treasures and soft layers, chosen to last
        </h1>
        <p className="mt-3 max-w-md text-sm text-muted md:mt-4 md:text-base">
          Sterling silver and gold vermeil jewellery, with knitwear and cotton basics made in small
          batches.
        </p>
        <div className="mt-5 flex flex-wrap gap-3 md:mt-8">
          <ButtonLink to="/category/jewellery">Shop Now: Jewellery</ButtonLink>
          <ButtonLink to="/category/knitwear" variant="secondary">
            Shop Now: Knitwear
          </ButtonLink>
        </div>
      </div>
      <div className="hidden flex-col justify-end rounded-shop bg-ink p-8 text-page md:flex">
        <p className="font-serif text-xl">Free UK delivery</p>
        <p className="mt-1 text-sm text-page/80">on every order over £59.99</p>
        <p className="mt-6 text-sm text-page/80">
          Every pendant comes on a 45, 55 or 70 cm chain: choose yours on its page.
        </p>
      </div>
    </section>
  );
}
