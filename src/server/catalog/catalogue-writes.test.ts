import { describe, expect, it } from 'vitest';
import { changesCatalogue } from './catalogue-writes';

describe('which statements change what public answers show', () => {
  it.each([
    'insert into "products" ("id", "name") values ($1, $2)',
    'update "product_variants" set "count_in_stock" = "count_in_stock" - $1 where "id" = $2',
    'delete from "reviews" where "id" = $1',
    '  UPDATE products SET name = $1',
    'with taken as (update "products" set "count_in_stock" = 0 returning "id") select * from taken',
  ])('counts %s', (sql) => {
    expect(changesCatalogue(sql)).toBe(true);
  });

  it.each([
    'select * from "products" where "id" = $1',
    'select "updated_at" from "products" for update',
    'with ranked as (select "id" from "products") select * from ranked',
    'insert into "orders" ("id") values ($1)',
    'update "users" set "name" = $1',
    'update "products_archive" set "name" = $1',
  ])('leaves out %s', (sql) => {
    expect(changesCatalogue(sql)).toBe(false);
  });
});
