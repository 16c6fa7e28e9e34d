import { useEffect, useId, useRef, useState, type DragEvent } from 'react';
import { useFieldArray, useWatch } from 'react-hook-form';
import { imageAddressSchema } from '../../../shared/catalog/catalog-admin';
import { MAX_PRODUCT_IMAGES } from '../../../shared/catalog/gallery';
import { smallImageUrl } from '../../../shared/catalog/images';
import { Button, buttonClass } from '../../ui/Button';
import { FieldError, TextField } from '../../ui/FormField';
import { listError, type ProductFormApi } from '../../back-office/admin-forms';
import { ImageUpload } from './ImageUpload';
import { RemoveRowButton } from '../../back-office/row-list-buttons';
import { SectionLegend } from '../../back-office/SectionLegend';

const PREVIEW_SIZE = 80;

/** After a move, the moved picture's button to focus again (it may be drawn anew). */
interface Moved {
  to: number;
  direction: 'up' | 'down';
}

interface PicturesEditorProps {
  form: ProductFormApi;
  onBusyChange: (busy: boolean) => void;
}

/**
 * The product's pictures in the order shoppers see them, each with its alt text: uploaded (or
 * added by address), put in order by dragging or by Move up and Move down, and removed. Removing
 * a picture a variant showed leaves that variant without a picture of its own.
 */
export function PicturesEditor({ form, onBusyChange }: PicturesEditorProps) {
  const {
    control,
    register,
    getValues,
    setValue,
    formState: { errors },
  } = form;
  const { fields, append, remove, move } = useFieldArray({ control, name: 'images' });
  const rows = useWatch({ control, name: 'images' });
  const [said, setSaid] = useState('');
  const moved = useRef<Moved | null>(null);
  const [address, setAddress] = useState('');
  const [addressError, setAddressError] = useState<string>();
  const dragged = useRef<number | null>(null);
  const list = useRef<HTMLOListElement>(null);
  const upload = useRef<HTMLDivElement>(null);
  const id = useId();
  const room = MAX_PRODUCT_IMAGES - fields.length;

  // Once the list is drawn in its new order, the moved picture's button takes the focus again.
  useEffect(() => {
    const pending = moved.current;
    if (!pending) return;
    moved.current = null;
    const row = list.current?.children[pending.to];
    const buttons = [...(row?.querySelectorAll<HTMLButtonElement>('button[data-move]') ?? [])];
    const same = buttons.find((button) => button.dataset.move === pending.direction);
    (same && !same.disabled ? same : buttons.find((button) => !button.disabled))?.focus();
  });

  function movePicture(from: number, to: number, direction?: Moved['direction']) {
    if (to < 0 || to >= fields.length || from === to) return;
    move(from, to);
    setSaid(`Picture ${from + 1} is now picture ${to + 1}${to === 0 ? ', shown first' : ''}.`);
    if (direction) moved.current = { to, direction };
  }

  function removePicture(index: number) {
    const url = getValues(`images.${index}.url`);
    for (const [row, variant] of getValues('variants').entries()) {
      if (variant.image === url) setValue(`variants.${row}.image`, '', { shouldDirty: true });
    }
    remove(index);
    setSaid(`Picture ${index + 1} removed.`);
    upload.current?.querySelector('input')?.focus();
  }

  function addByAddress() {
    const parsed = imageAddressSchema.safeParse(address);
    if (!parsed.success) {
      setAddressError(parsed.error.issues[0]?.message);
      return;
    }
    setAddressError(undefined);
    setAddress('');
    append({ url: parsed.data, alt: '' });
  }

  const dropOn = (index: number) => (event: DragEvent<HTMLLIElement>) => {
    event.preventDefault();
    const from = dragged.current;
    dragged.current = null;
    if (from !== null) movePicture(from, index);
  };

  return (
    <fieldset className="flex min-w-0 flex-col gap-4">
      <SectionLegend>Pictures</SectionLegend>
      <p className="text-sm text-muted">
        Up to {MAX_PRODUCT_IMAGES}, in the order shoppers see them: the first is also the one in the
        shop&apos;s lists. Drag a picture by its handle, or use Move up and Move down. Describe each
        one for someone who cannot see it.
      </p>
      {fields.length > 0 && (
        <ol ref={list} className="flex flex-col gap-4">
          {fields.map((field, index) => {
            const url = rows?.[index]?.url ?? field.url;
            const rowErrors = errors.images?.[index];
            return (
              <li
                key={field.id}
                className="flex gap-3 border-l-2 border-line pl-3"
                onDragOver={(event) => event.preventDefault()}
                onDrop={dropOn(index)}
              >
                <span
                  draggable
                  aria-hidden="true"
                  title="Drag to move"
                  className="flex w-5 shrink-0 cursor-grab items-start pt-7 text-lg leading-none text-muted select-none"
                  onDragStart={(event) => {
                    dragged.current = index;
                    event.dataTransfer.effectAllowed = 'move';
                    const row = event.currentTarget.parentElement;
                    if (row) event.dataTransfer.setDragImage(row, 16, 16);
                  }}
                >
                  ⠿
                </span>
                <img
                  src={smallImageUrl(url) ?? url}
                  alt=""
                  width={PREVIEW_SIZE}
                  height={PREVIEW_SIZE}
                  loading="lazy"
                  className="mt-7 size-16 shrink-0 rounded-shop bg-sand object-cover sm:size-20"
                />
                <div className="flex min-w-0 flex-1 flex-col gap-2">
                  <TextField
                    label={`Alt text of picture ${index + 1}`}
                    hint={index === 0 ? 'Shown first, and in the shop’s lists.' : undefined}
                    autoComplete="off"
                    error={rowErrors?.alt?.message ?? rowErrors?.url?.message}
                    {...register(`images.${index}.alt`)}
                  />
                  <div className="flex flex-wrap gap-x-2">
                    <Button
                      variant="quiet"
                      data-move="up"
                      aria-label={`Move picture ${index + 1} up`}
                      disabled={index === 0}
                      onClick={() => movePicture(index, index - 1, 'up')}
                    >
                      Move up
                    </Button>
                    <Button
                      variant="quiet"
                      data-move="down"
                      aria-label={`Move picture ${index + 1} down`}
                      disabled={index === fields.length - 1}
                      onClick={() => movePicture(index, index + 1, 'down')}
                    >
                      Move down
                    </Button>
                    <RemoveRowButton
                      name={`picture ${index + 1}`}
                      onRemove={() => removePicture(index)}
                    />
                  </div>
                </div>
              </li>
            );
          })}
        </ol>
      )}
      <p aria-live="polite" className="sr-only">
        {said}
      </p>
      <FieldError id={`${id}-error`} error={listError(errors.images)} />
      <div ref={upload}>
        <ImageUpload
          room={room}
          onBusyChange={onBusyChange}
          onUploaded={(path) => append({ url: path, alt: '' }, { shouldFocus: false })}
        />
      </div>
      <div className="flex flex-col gap-2 sm:flex-row sm:items-start">
        <div className="min-w-0 flex-1">
          <TextField
            label="Or add a picture by its address"
            hint="An uploaded picture's address (/uploads/…) or an https:// address."
            autoComplete="off"
            value={address}
            disabled={room < 1}
            error={addressError}
            onChange={(event) => setAddress(event.target.value)}
            onKeyDown={(event) => {
              if (event.key !== 'Enter') return;
              event.preventDefault();
              addByAddress();
            }}
          />
        </div>
        <button
          type="button"
          className={buttonClass('secondary', 'self-start sm:mt-7')}
          disabled={room < 1}
          onClick={addByAddress}
        >
          Add this picture
        </button>
      </div>
    </fieldset>
  );
}
