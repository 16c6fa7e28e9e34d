import { NO_FACETS } from '../../shared/catalog/facets';
import type { AdminProduct } from '../../shared/catalog/catalog-admin';
import { ann } from '../support/testing';

// What the back office's component tests share: who signs in, and the products they see.

export const owner = {
  ...ann,
  _id: 'owner000000000000000000',
  name: 'Shop Owner',
  email: 'owner@example.com',
  isAdmin: true,
  role: 'admin' as const,
};

export const staff = {
  ...ann,
  _id: 'staff000000000000000000',
  name: 'Sam Staff',
  email: 'sam@example.com',
  role: 'staff' as const,
};

export const moonstone: AdminProduct = {
  _id: 'p0000000000000000000010',
  name: 'Moonstone Locket',
  brand: 'Larkspur',
  image: '/uploads/locket.webp',
  images: [{ url: '/uploads/locket.webp', alt: 'Moonstone Locket' }],
  price: 45,
  compareAtPrice: null,
  description: 'A silver locket set with a moonstone.',
  category: 'pendants',
  countInStock: 3,
  weightGrams: 20,
  rating: 0,
  numReviews: 0,
  createdAt: '2026-03-02T10:00:00.000Z',
  options: [],
  variants: [],
  specifications: [],
  facets: NO_FACETS,
  madeToOrder: null,
  preorder: null,
  personalisation: null,
  status: 'live',
};

/** Sold in two sizes, the small one sold out. */
export const silkTee: AdminProduct = {
  ...moonstone,
  _id: 'p0000000000000000000011',
  name: 'Brushed Silk Tee',
  image: 'https://images.example.com/tee.jpg',
  images: [{ url: 'https://images.example.com/tee.jpg', alt: 'Brushed Silk Tee' }],
  category: 't-shirts',
  price: 20,
  countInStock: 4,
  weightGrams: 180,
  options: [{ name: 'Size', values: ['S', 'M'] }],
  variants: [
    {
      _id: 'v-s',
      options: { Size: 'S' },
      sku: 'BST-S',
      price: 20,
      compareAtPrice: null,
      countInStock: 0,
      weightGrams: 0,
    },
    {
      _id: 'v-m',
      options: { Size: 'M' },
      sku: 'BST-M',
      price: 22,
      compareAtPrice: null,
      countInStock: 4,
      weightGrams: 200,
    },
  ],
  specifications: [{ label: 'Fabric', value: 'Silk' }],
  facets: NO_FACETS,
  madeToOrder: null,
  preorder: null,
  personalisation: null,
};

export const productPage = (products: AdminProduct[], total = products.length, pages = 1) => ({
  products,
  page: 1,
  pages,
  total,
});
