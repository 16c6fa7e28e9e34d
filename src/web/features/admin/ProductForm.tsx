import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import type { AdminProduct } from '../../../shared/admin';
import { CATEGORIES } from '../../../shared/catalog';
import { useAdminProduct, useUpdateProduct } from '../../api/admin-products';
import { SelectField, TextArea, TextField } from '../../ui/FormField';
import { EditForm, LoadedForm } from './edit-form';
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
    <EditForm
      onSubmit={submit}
      draftNote={product.status === 'draft' ? DRAFT_NOTE : undefined}
      busy={update.isPending || uploading}
      success={update.isSuccess ? PRODUCT_SAVED : null}
      error={update.error}
    >
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
    </EditForm>
  );
}

/** Loads one product, drafts too, and edits all of it; shared by the page and the panel. */
export function ProductForm({ productId }: { productId: string }) {
  return (
    <LoadedForm query={useAdminProduct(productId)} loading="Loading product…" fields={3}>
      {(product) => <ProductFields key={product._id} product={product} />}
    </LoadedForm>
  );
}
