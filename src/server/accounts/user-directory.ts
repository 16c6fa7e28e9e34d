/**
 * What other domains may read of the accounts: one account by id, and a page of accounts found by
 * name or email. The accounts' own names, from the one place that keeps them.
 */
export { findUserById, searchUserSlice } from './users.repository';
