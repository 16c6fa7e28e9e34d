import { SHOP_NAME } from '../../../shared/shop';
import { ButtonLink } from '../../ui/Button';
import { PageHeading } from '../../ui/PageHeading';

/** Holds the Manage menu's products, orders and vouchers addresses until their screens arrive. */
export function AdminComingSoonPage({ title }: { title: string }) {
  return (
    <>
      <title>{`${title} | ${SHOP_NAME}`}</title>
      <PageHeading lead="This part of the back office is not ready yet.">{title}</PageHeading>
      <ButtonLink to="/admin/userlist" variant="secondary">
        Manage users
      </ButtonLink>
    </>
  );
}
