import { useEffect, useId, useRef, useState, type ChangeEvent } from 'react';
import { MAX_PRODUCT_IMAGES } from '../../../shared/catalog/gallery';
import { UPLOAD_MAX_BYTES } from '../../../shared/catalog/images';
import { messageOf } from '../../api/client';
import { UPLOAD_ACCEPT, uploadImage } from '../../api/uploads';
import { describedBy, FieldError, FieldHint } from '../../ui/FormField';

type UploadState =
  | { phase: 'idle' }
  | { phase: 'uploading'; file: number; files: number; loaded: number; total: number }
  | { phase: 'done'; files: number; leftOut: number }
  | { phase: 'failed'; message: string };

interface ImageUploadProps {
  /** How many more pictures the product can take. */
  room: number;
  /** Called with each stored picture's address once the server has it, in the order chosen. */
  onUploaded: (path: string) => void;
  /** Whether pictures are on their way, so the form waits before saving. */
  onBusyChange: (busy: boolean) => void;
}

function doneText(files: number, leftOut: number): string {
  const uploaded = files === 1 ? 'Picture uploaded' : `${files} pictures uploaded`;
  return leftOut === 0
    ? `${uploaded}: describe each below.`
    : `${uploaded}; ${leftOut === 1 ? '1 more was' : `${leftOut} more were`} left out, as a product has at most ${MAX_PRODUCT_IMAGES} pictures.`;
}

/**
 * Sends the chosen pictures to the server one after another, with their progress; each is added
 * to the product's pictures once stored. A refusal (too large, not a picture) is said in the
 * server's words under the chooser, and the pictures after it are not sent.
 */
export function ImageUpload({ room, onUploaded, onBusyChange }: ImageUploadProps) {
  const id = useId();
  const [state, setState] = useState<UploadState>({ phase: 'idle' });
  const inFlight = useRef<AbortController | null>(null);

  // Leaving the form stops an upload on its way.
  useEffect(() => () => inFlight.current?.abort(), []);

  async function upload(files: File[]) {
    inFlight.current?.abort();
    const controller = new AbortController();
    inFlight.current = controller;
    const taken = files.slice(0, room);
    onBusyChange(true);
    try {
      for (const [index, file] of taken.entries()) {
        const progress = { file: index + 1, files: taken.length };
        setState({ phase: 'uploading', ...progress, loaded: 0, total: file.size });
        const path = await uploadImage(file, {
          signal: controller.signal,
          onProgress: ({ loaded, total }) =>
            setState({ phase: 'uploading', ...progress, loaded, total }),
        });
        if (controller.signal.aborted) return;
        onUploaded(path);
      }
      setState({ phase: 'done', files: taken.length, leftOut: files.length - taken.length });
    } catch (error) {
      if (!controller.signal.aborted) setState({ phase: 'failed', message: messageOf(error) });
    } finally {
      if (inFlight.current === controller) {
        inFlight.current = null;
        onBusyChange(false);
      }
    }
  }

  function choose(event: ChangeEvent<HTMLInputElement>) {
    const input = event.currentTarget;
    const files = [...(input.files ?? [])];
    // Cleared, so that choosing the same file again (after fixing it) uploads it again.
    input.value = '';
    if (files.length > 0) void upload(files);
  }

  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  return (
    <div className="flex flex-col gap-3">
      <div>
        <label htmlFor={`${id}-file`} className="block text-sm font-medium">
          Upload pictures
        </label>
        <input
          id={`${id}-file`}
          type="file"
          multiple
          accept={UPLOAD_ACCEPT}
          disabled={room < 1}
          onChange={choose}
          aria-invalid={state.phase === 'failed' ? true : undefined}
          aria-describedby={describedBy(hintId, errorId)}
          className="mt-1.5 block min-h-11 w-full text-sm file:mr-3 file:min-h-11 file:rounded-shop file:border file:border-ink/70 file:bg-transparent file:px-4 file:text-ink hover:file:bg-sand"
        />
        <FieldHint id={hintId}>
          JPEG, PNG or WebP, up to {UPLOAD_MAX_BYTES / (1024 * 1024)} MB each; several at once if
          you like.
          {room < 1 && ' The product has all the pictures it can have: remove one to add another.'}
        </FieldHint>
        <FieldError id={errorId} error={state.phase === 'failed' ? state.message : undefined} />
      </div>
      {state.phase === 'uploading' && (
        <div className="flex flex-col gap-1">
          <label htmlFor={`${id}-progress`} className="text-sm text-muted">
            Upload progress
          </label>
          <progress
            id={`${id}-progress`}
            value={state.loaded}
            max={Math.max(state.total, 1)}
            className="h-2 w-full accent-accent"
          />
        </div>
      )}
      <div role="status" className="text-sm text-muted">
        {state.phase === 'uploading' &&
          (state.files === 1
            ? 'Uploading the picture…'
            : `Uploading picture ${state.file} of ${state.files}…`)}
        {state.phase === 'done' && doneText(state.files, state.leftOut)}
      </div>
    </div>
  );
}
