import { SHOP_NAME } from '../../../shared/settings/shop';
import type { Desk } from '../../../shared/desk/desk';
import { useDesk } from '../../api/desk';
import { useBackOfficeRole } from '../../state/roles';
import { ErrorBox } from '../../ui/ErrorBox';
import { PageHeading } from '../../ui/PageHeading';
import { TableLoading } from '../../back-office/admin-table';
import { DeskSales } from './DeskSales';
import { CameBack } from './desk-came-back';
import { LowStock } from './desk-low-stock';
import { ReportedReviews } from './desk-reviews';
import { FailedRefunds, ReturnsRequested, ToDispatch } from './desk-work';
import { ToMake } from './desk-to-make';

function DeskSections({ desk, owner }: { desk: Desk; owner: boolean }) {
  return (
    <div className="flex flex-col gap-12">
      <ToDispatch orders={desk.toDispatch} />
      <ToMake lines={desk.toMake} />
      <div className="grid grid-cols-1 gap-12 xl:grid-cols-2">
        <ReturnsRequested requests={desk.returnsRequested} />
        <LowStock items={desk.lowStock} />
        <FailedRefunds refunds={desk.failedRefunds} owner={owner} />
        {/* Reviews are the owner's to look after: staff have no page to go to. */}
        {owner && <ReportedReviews count={desk.reportedReviews} />}
      </div>
      {/* The money is the owner's to see; the server sends staff none. */}
      {owner && desk.sales && <DeskSales sales={desk.sales} daily={desk.daily ?? []} />}
      {owner && desk.cameBack && <CameBack cameBack={desk.cameBack} />}
    </div>
  );
}

/** The back office's first page: today's work, and for the owner how the shop is doing. */
export function DeskPage() {
  const desk = useDesk();
  const owner = useBackOfficeRole() === 'admin';
  return (
    <>
      <title>{`Desk | ${SHOP_NAME}`}</title>
      <PageHeading lead="Today’s work: what to send, what is coming back, what is running low.">
        Desk
      </PageHeading>
      {desk.isPending ? (
        <TableLoading label="Loading the desk…" />
      ) : desk.isError ? (
        <ErrorBox error={desk.error} title="The desk could not be loaded" />
      ) : (
        <DeskSections desk={desk.data} owner={owner} />
      )}
    </>
  );
}
