import { zodResolver } from '@hookform/resolvers/zod';
import { useState, type ReactNode } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import type { AdminProduct } from '../../../shared/catalog/catalog-admin';
import { CATEGORIES } from '../../../shared/catalog/shelves';
import { useAdminProduct, useUpdateProduct } from '../../api/admin-products';
import { useBackOfficeRole } from '../../state/roles';
import { SelectField, TextArea, TextField } from '../../ui/FormField';
import { formatPounds } from '../../../shared/money';
import { EditForm, LoadedForm } from '../../back-office/edit-form';
import { productFormSchema, type ProductFormApi } from '../../back-office/admin-forms';
import { PicturesEditor } from './PicturesEditor';
import { ProductOptionsEditor } from './ProductOptionsEditor';
import { SpecificationsEditor } from './SpecificationsEditor';
import { stockChange, valuesOf } from './product-form-values';
import { discardQuestion, useUnsavedChanges } from '../../back-office/unsaved-changes';
import { lowestPrice, totalStock } from './variant-rows';
import { VariantTable } from './VariantTable';

const PRODUCT_SAVED = 'Product saved';
const DRAFT_NOTE = 'Draft: shoppers cannot see this product until it is saved complete.';
export const STOCK_ONLY_NOTE =
  'Staff change stock only: the other fields are shown as they are, for the owner to change.';

const categoryLabel = (category: string) =>
  category.charAt(0).toUpperCase() + category.slice(1).replace('-', ' ');

/**
 * With variants the product's price and stock follow them, as the server keeps them: shown where
 * the admin would type them, as they will be saved.
 */
function FollowsVariants({ form, what }: { form: ProductFormApi; what: 'price' | 'stock' }) {
  const rows = useWatch({ control: form.control, name: 'variants' });
  if (what === 'stock') {
    return (
      <TextField
        label="Stock"
        readOnly
        value={`${totalStock(rows)} in all`}
        hint="The variants' stock added up."
      />
    );
  }
  const lowest = lowestPrice(rows);
  return (
    <TextField
      label="Price"
      readOnly
      value={lowest === undefined ? 'From the variants' : `from ${formatPounds(lowest)}`}
      hint="The lowest of the variants' prices."
    />
  );
}

/** Shown to staff with every control in it disabled (the upload, the option and specification lists). */
function OwnersOnly({ when, children }: { when: boolean; children: ReactNode }) {
  if (!when) return children;
  return (
    <fieldset
      disabled
      className="min-w-0 [&_:is(input,textarea,select):disabled]:bg-sand [&_:is(button,input[type=file]):disabled]:opacity-50"
    >
      {children}
    </fieldset>
  );
}

/** The first variant whose combination is wrong, when nothing else is. */
function variantWithProblem(errors: ProductFormApi['formState']['errors']): number | undefined {
  const index = errors.variants?.findIndex?.((row) => row?.options !== undefined);
  return index === undefined || index === -1 ? undefined : index;
}

function ProductFields({ product }: { product: AdminProduct }) {
  const update = useUpdateProduct();
  const stockOnly = useBackOfficeRole() === 'staff';
  const [uploading, setUploading] = useState(false);
  const form = useForm({
    resolver: zodResolver(productFormSchema),
    defaultValues: valuesOf(product),
  });
  const {
    control,
    register,
    handleSubmit,
    reset,
    setFocus,
    formState: { errors, isDirty },
  } = form;
  const hasVariants = useWatch({ control, name: 'variants' }).length > 0;
  useUnsavedChanges(isDirty ? discardQuestion(product.name || 'this draft') : null);

  const submit = handleSubmit(
    (checked) => {
      if (update.isPending || uploading) return;
      const body = stockOnly ? stockChange(product, checked) : checked;
      update.mutate({ id: product._id, body }, { onSuccess: (saved) => reset(valuesOf(saved)) });
    },
    (invalid) => {
      // A wrong combination has no field of its own: its row's SKU field, which it describes,
      // takes focus unless a field above has an error too.
      const row = variantWithProblem(invalid);
      if (row !== undefined) setFocus(`variants.${row}.sku`);
    },
  );

  return (
    <EditForm
      onSubmit={submit}
      draftNote={product.status === 'draft' ? DRAFT_NOTE : undefined}
      note={stockOnly ? STOCK_ONLY_NOTE : undefined}
      busy={update.isPending || uploading}
      success={update.isSuccess ? PRODUCT_SAVED : null}
      error={update.error}
    >
      <TextField
        label="Name"
        autoComplete="off"
        readOnly={stockOnly}
        error={errors.name?.message}
        {...register('name')}
      />
      {hasVariants ? (
        <FollowsVariants form={form} what="price" />
      ) : (
        <TextField
          label="Price (£)"
          inputMode="decimal"
          autoComplete="off"
          readOnly={stockOnly}
          error={errors.price?.message}
          {...register('price')}
        />
      )}
      <TextField
        label="Brand"
        autoComplete="off"
        readOnly={stockOnly}
        error={errors.brand?.message}
        {...register('brand')}
      />
      {hasVariants ? (
        <FollowsVariants form={form} what="stock" />
      ) : (
        <TextField
          label="Count in stock"
          inputMode="numeric"
          autoComplete="off"
          error={errors.countInStock?.message}
          {...register('countInStock')}
        />
      )}
      <TextField
        label="Weight (g)"
        inputMode="numeric"
        autoComplete="off"
        readOnly={stockOnly}
        hint="As posted, box or bag included: it decides which delivery services a basket may use."
        error={errors.weightGrams?.message}
        {...register('weightGrams')}
      />
      {stockOnly ? (
        <TextField label="Category" readOnly value={categoryLabel(product.category)} />
      ) : (
        <SelectField label="Category" error={errors.category?.message} {...register('category')}>
          {CATEGORIES.map((category) => (
            <option key={category} value={category}>
              {categoryLabel(category)}
            </option>
          ))}
        </SelectField>
      )}
      <TextArea
        label="Description"
        readOnly={stockOnly}
        error={errors.description?.message}
        {...register('description')}
      />
      <OwnersOnly when={stockOnly}>
        <PicturesEditor form={form} onBusyChange={setUploading} />
      </OwnersOnly>
      <OwnersOnly when={stockOnly}>
        <ProductOptionsEditor form={form} />
      </OwnersOnly>
      <VariantTable form={form} stockOnly={stockOnly} />
      <OwnersOnly when={stockOnly}>
        <SpecificationsEditor form={form} />
      </OwnersOnly>
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
