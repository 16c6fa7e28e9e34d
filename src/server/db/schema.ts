import type { ProductsTable, ReviewsTable } from '../catalog/catalog.tables';
import type { UsersTable } from '../accounts/users.table';
import type { SubscribersTable } from '../newsletter/subscribers.table';

export interface Database {
  users: UsersTable;
  products: ProductsTable;
  reviews: ReviewsTable;
  subscribers: SubscribersTable;
}
