import { UPLOAD_MAX_BYTES } from '../../shared/catalog/images';
import { ApiError, apiErrorOf, currentToken, networkError, noteRefusal } from './client';

/** The kinds of picture the server takes; it judges the bytes, this only guides the file chooser. */
export const UPLOAD_ACCEPT = 'image/jpeg,image/png,image/webp';

const UPLOAD_TOO_LARGE = `Pictures can be at most ${UPLOAD_MAX_BYTES / (1024 * 1024)} MB`;

/** What the server answers: the stored picture's address. */
const STORED_PATH = /^\/uploads\/[\w.-]+$/;

interface UploadProgress {
  loaded: number;
  total: number;
}

interface UploadOptions {
  onProgress?: (progress: UploadProgress) => void;
  signal?: AbortSignal;
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

/**
 * Sends one picture to `POST /api/upload` and answers the stored picture's URL path. It uses
 * XMLHttpRequest rather than fetch because only XMLHttpRequest reports how much has been sent,
 * which the progress bar shows. A refusal (400, 413, 415) rejects with the server's sentence.
 */
export function uploadImage(file: File, { onProgress, signal }: UploadOptions = {}) {
  return new Promise<string>((resolve, reject) => {
    // Spares sending megabytes only to be told they are too many.
    if (file.size > UPLOAD_MAX_BYTES) {
      reject(new ApiError(UPLOAD_TOO_LARGE, 413, 'PAYLOAD_TOO_LARGE'));
      return;
    }
    const token = currentToken();
    const xhr = new XMLHttpRequest();
    xhr.open('POST', '/api/upload');
    if (token !== undefined) xhr.setRequestHeader('Authorization', `Bearer ${token}`);
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress?.({ loaded: event.loaded, total: event.total });
    };
    xhr.onload = () => {
      const text = xhr.responseText.trim();
      if (xhr.status >= 200 && xhr.status < 300 && STORED_PATH.test(text)) {
        resolve(text);
        return;
      }
      const error = apiErrorOf(xhr.status, parseJson(text));
      noteRefusal(error, token);
      reject(error);
    };
    xhr.onerror = () => reject(networkError());
    xhr.onabort = () => reject(new DOMException('The upload was stopped', 'AbortError'));
    signal?.addEventListener('abort', () => xhr.abort(), { once: true });
    const body = new FormData();
    body.append('image', file);
    xhr.send(body);
  });
}
