import { useEffect, useId, useRef, useState, type ChangeEvent } from 'react';
import { smallImageUrl, UPLOAD_MAX_BYTES } from '../../../shared/images';
import { messageOf } from '../../api/client';
import { UPLOAD_ACCEPT, uploadImage } from '../../api/uploads';
import { describedBy, FieldError, FieldHint } from '../../ui/FormField';

type UploadState =
  | { phase: 'idle' }
  | { phase: 'uploading'; loaded: number; total: number }
  | { phase: 'done' }
  | { phase: 'failed'; message: string };

const PREVIEW_SIZE = 160;

/** Only an address the form would take is previewed, not each keystroke of one being typed. */
const previewable = (image: string) => /^(\/uploads\/[\w.-]+|https:\/\/\S+\.\S+)$/.test(image);

interface ImageUploadProps {
  /** The image address the form holds now. */
  image: string;
  /** Called with the stored picture's address once the server has it. */
  onUploaded: (path: string) => void;
  /** Whether a picture is on its way, so the form waits before saving. */
  onBusyChange: (busy: boolean) => void;
}

/**
 * Sends one chosen picture to the server, with its progress, and shows the picture the product will
 * have. A refusal (too large, not a picture) is said in the server's words under the chooser.
 */
export function ImageUpload({ image, onUploaded, onBusyChange }: ImageUploadProps) {
  const id = useId();
  const [state, setState] = useState<UploadState>({ phase: 'idle' });
  const [chosen, setChosen] = useState<string | null>(null);
  const inFlight = useRef<AbortController | null>(null);

  // Leaving the form stops an upload on its way.
  useEffect(() => () => inFlight.current?.abort(), []);
  // The chosen file's preview address holds the file in memory until it is let go.
  useEffect(() => {
    if (chosen === null) return;
    return () => URL.revokeObjectURL(chosen);
  }, [chosen]);

  async function upload(file: File) {
    inFlight.current?.abort();
    const controller = new AbortController();
    inFlight.current = controller;
    setChosen(URL.createObjectURL(file));
    setState({ phase: 'uploading', loaded: 0, total: file.size });
    onBusyChange(true);
    try {
      const path = await uploadImage(file, {
        signal: controller.signal,
        onProgress: ({ loaded, total }) => setState({ phase: 'uploading', loaded, total }),
      });
      onUploaded(path);
      setState({ phase: 'done' });
    } catch (error) {
      if (!controller.signal.aborted) setState({ phase: 'failed', message: messageOf(error) });
    } finally {
      if (inFlight.current === controller) {
        inFlight.current = null;
        setChosen(null);
        onBusyChange(false);
      }
    }
  }

  function choose(event: ChangeEvent<HTMLInputElement>) {
    const input = event.currentTarget;
    const file = input.files?.[0];
    // Cleared, so that choosing the same file again (after fixing it) uploads it again.
    input.value = '';
    if (file) void upload(file);
  }

  const stored = previewable(image) ? (smallImageUrl(image) ?? image) : null;
  const preview = chosen ?? stored;
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  return (
    <div className="flex flex-col gap-3">
      <div>
        <label htmlFor={`${id}-file`} className="block text-sm font-medium">
          Upload a picture
        </label>
        <input
          id={`${id}-file`}
          type="file"
          accept={UPLOAD_ACCEPT}
          onChange={choose}
          aria-invalid={state.phase === 'failed' ? true : undefined}
          aria-describedby={describedBy(hintId, errorId)}
          className="mt-1.5 block min-h-11 w-full text-sm file:mr-3 file:min-h-11 file:rounded-shop file:border file:border-ink/70 file:bg-transparent file:px-4 file:text-ink hover:file:bg-sand"
        />
        <FieldHint id={hintId}>
          JPEG, PNG or WebP, up to {UPLOAD_MAX_BYTES / (1024 * 1024)} MB. It fills in the address
          above.
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
        {state.phase === 'uploading' && 'Uploading the picture…'}
        {state.phase === 'done' && 'Picture uploaded'}
      </div>
      {preview && (
        <img
          src={preview}
          alt="Preview of what shoppers will see"
          width={PREVIEW_SIZE}
          height={PREVIEW_SIZE}
          className="size-40 rounded-shop bg-sand object-cover"
        />
      )}
    </div>
  );
}
