import type { ProductsTable, ReviewsTable } from '../catalog/catalog.tables';
import type { PasswordResetsTable, UsersTable } from '../accounts/users.table';
import type { SubscribersTable } from '../newsletter/subscribers.table';

export interface Database {
  users: UsersTable;
  password_resets: PasswordResetsTable;
  products: ProductsTable;
  reviews: ReviewsTable;
  subscribers: SubscribersTable;
}
