import { zodResolver } from '@hookform/resolvers/zod';
import { useState, type ReactNode } from 'react';
import { useForm, useWatch, type FieldPath } from 'react-hook-form';
import type { AdminProduct } from '../../../shared/catalog/catalog-admin';
import { CATEGORIES } from '../../../shared/catalog/shelves';
import { useAdminProduct, useUpdateProduct } from '../../api/admin-products';
import { useBackOfficeRole } from '../../state/roles';
import { SelectField, TextArea, TextField } from '../../ui/FormField';
import { formatPounds } from '../../../shared/money';
import { EditForm, LoadedForm } from '../../back-office/edit-form';
import {
  productFormSchema,
  type ProductFormApi,
  type ProductFormValues,
} from '../../back-office/admin-forms';
import { ApiError } from '../../api/client';
import { PriceHistory } from './PriceHistory';
import { PicturesEditor } from './PicturesEditor';
import { FacetsEditor } from './FacetsEditor';
import { MadeForYouEditor } from './MadeForYouEditor';
import { PersonalisationEditor } from './PersonalisationEditor';
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

/** What the was price's field says of the rule it must keep. */
const WAS_PRICE_HINT =
  'The was price, shown as “Was £80.00, now £60.00”; blank for none. It must be a price this sold at for 28 days in a row within the last 6 months.';

/** A was price the server refused as unfounded, said under each field it was typed in. */
const isUnfoundedWasPrice = (error: unknown): error is ApiError =>
  error instanceof ApiError && error.code === 'WAS_PRICE_UNFOUNDED';

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
  // What a was price is judged by, beside where it is typed: the owner's to read, once on sale.
  const history = !stockOnly && product.status === 'live' && <PriceHistory product={product} />;

  const submit = handleSubmit(
    (checked) => {
      if (update.isPending || uploading) return;
      const body = stockOnly ? stockChange(product, checked) : checked;
      update.mutate(
        { id: product._id, body },
        {
          onSuccess: (saved) => reset(valuesOf(saved)),
          onError: (error) => {
            if (!isUnfoundedWasPrice(error)) return;
            for (const [index, { path, message }] of (error.errors ?? []).entries()) {
              const field = path as FieldPath<ProductFormValues>;
              form.setError(field, { message }, { shouldFocus: index === 0 });
            }
          },
        },
      );
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
      error={isUnfoundedWasPrice(update.error) ? null : update.error}
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
        <>
          <TextField
            label="Price (£)"
            inputMode="decimal"
            autoComplete="off"
            readOnly={stockOnly}
            error={errors.price?.message}
            {...register('price')}
          />
          <TextField
            label="Was (£)"
            inputMode="decimal"
            autoComplete="off"
            readOnly={stockOnly}
            hint={WAS_PRICE_HINT}
            error={errors.compareAtPrice?.message}
            {...register('compareAtPrice')}
          />
          {history}
        </>
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
        <MadeForYouEditor form={form} />
      </OwnersOnly>
      <OwnersOnly when={stockOnly}>
        <FacetsEditor form={form} />
      </OwnersOnly>
      <OwnersOnly when={stockOnly}>
        <PersonalisationEditor form={form} />
      </OwnersOnly>
      <OwnersOnly when={stockOnly}>
        <PicturesEditor form={form} onBusyChange={setUploading} />
      </OwnersOnly>
      <OwnersOnly when={stockOnly}>
        <ProductOptionsEditor form={form} />
      </OwnersOnly>
      <VariantTable form={form} stockOnly={stockOnly} />
      {hasVariants && history}
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
