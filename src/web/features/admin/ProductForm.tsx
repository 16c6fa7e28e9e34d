import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import type { AdminProduct } from '../../../shared/admin';
import { CATEGORIES } from '../../../shared/catalog';
import { useAdminProduct, useUpdateProduct } from '../../api/admin-products';
import { Button } from '../../ui/Button';
import { ErrorBox } from '../../ui/ErrorBox';
import { FormStatus, SelectField, TextArea, TextField } from '../../ui/FormField';
import { Skeleton } from '../../ui/Skeleton';
import { poundsText, productFormSchema, type ProductFormValues } from './admin-forms';
import { ImageUpload } from './ImageUpload';

export const PRODUCT_SAVED = 'Product saved';
export const DRAFT_NOTE = 'Draft: shoppers cannot see this product until it is saved complete.';

const categoryLabel = (category: string) =>
  category.charAt(0).toUpperCase() + category.slice(1).replace('-', ' ');

function valuesOf(product: AdminProduct): ProductFormValues {
  return {
    name: product.name,
    price: poundsText(product.price),
    image: product.image,
    brand: product.brand,
    category: CATEGORIES.find((category) => category === product.category) ?? 'accessories',
    countInStock: String(product.countInStock),
    description: product.description,
  };
}

function ProductFields({ product }: { product: AdminProduct }) {
  const update = useUpdateProduct();
  const [uploading, setUploading] = useState(false);
  const {
    control,
    register,
    handleSubmit,
    reset,
    setValue,
    formState: { errors },
  } = useForm({ resolver: zodResolver(productFormSchema), defaultValues: valuesOf(product) });
  const image = useWatch({ control, name: 'image' });

  const submit = handleSubmit((body) => {
    if (update.isPending || uploading) return;
    update.mutate({ id: product._id, body }, { onSuccess: (saved) => reset(valuesOf(saved)) });
  });

  return (
    <form noValidate className="flex flex-col gap-5" onSubmit={(event) => void submit(event)}>
      {product.status === 'draft' && (
        <p className="rounded-shop bg-warning/10 px-4 py-3 text-warning">{DRAFT_NOTE}</p>
      )}
      <TextField
        label="Name"
        autoComplete="off"
        error={errors.name?.message}
        {...register('name')}
      />
      <TextField
        label="Price (£)"
        inputMode="decimal"
        autoComplete="off"
        error={errors.price?.message}
        {...register('price')}
      />
      <TextField
        label="Image"
        hint="An uploaded picture's address (/uploads/…) or an https:// address."
        autoComplete="off"
        error={errors.image?.message}
        {...register('image')}
      />
      <ImageUpload
        image={image}
        onBusyChange={setUploading}
        onUploaded={(path) => setValue('image', path, { shouldDirty: true, shouldValidate: true })}
      />
      <TextField
        label="Brand"
        autoComplete="off"
        error={errors.brand?.message}
        {...register('brand')}
      />
      <TextField
        label="Count in stock"
        inputMode="numeric"
        autoComplete="off"
        error={errors.countInStock?.message}
        {...register('countInStock')}
      />
      <SelectField label="Category" error={errors.category?.message} {...register('category')}>
        {CATEGORIES.map((category) => (
          <option key={category} value={category}>
            {categoryLabel(category)}
          </option>
        ))}
      </SelectField>
      <TextArea
        label="Description"
        error={errors.description?.message}
        {...register('description')}
      />
      <Button type="submit" disabled={update.isPending || uploading}>
        Update
      </Button>
      <FormStatus success={update.isSuccess ? PRODUCT_SAVED : null} error={update.error} />
    </form>
  );
}

/** Loads one product, drafts too, and edits all of it; shared by the page and the panel. */
export function ProductForm({ productId }: { productId: string }) {
  const { data: product, isPending, error } = useAdminProduct(productId);
  if (isPending) {
    return (
      <div className="flex flex-col gap-5" aria-busy="true">
        <span className="sr-only">Loading product…</span>
        <Skeleton className="h-16 w-full" />
        <Skeleton className="h-16 w-full" />
        <Skeleton className="h-16 w-full" />
        <Skeleton className="h-11 w-1/2" />
      </div>
    );
  }
  if (error) return <ErrorBox error={error} />;
  return <ProductFields key={product._id} product={product} />;
}
