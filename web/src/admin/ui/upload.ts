/**
 * Browser upload of one file to S3 with a presigned POST (UploadSlotDto): a multipart form with
 * the slot's fields and the file last, sent with XMLHttpRequest so upload progress can be shown
 * (fetch has no upload progress). The API never sees the bytes.
 */
import type { UploadSlotDto } from '../../../../shared/api/admin-catalog';
import { UNAVAILABLE } from '../../../../shared/messages';

/** An upload S3 refused or that could not reach it. */
export class UploadError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
    this.name = 'UploadError';
  }
}

/** S3's error message from its XML body ('<Message>...</Message>'), or a generic one. */
export function s3ErrorMessage(status: number, body: string): string {
  const message = /<Message>([^<]*)<\/Message>/.exec(body)?.[1];
  if (status === 400 && /EntityTooLarge/.test(body)) return 'File troppo grande.';
  if (status === 403 && /Policy expired/.test(body)) return 'Autorizzazione scaduta: riprova.';
  // S3 throttling or failing on its side (SlowDown, InternalError): nothing stored, the same slot takes it again
  if (status >= 500) return UNAVAILABLE;
  return message ? `${message} (${status})` : status === 0 ? 'Rete non raggiungibile.' : `Errore ${status}`;
}

/**
 * Uploads `file` to a slot.
 * @param onProgress called with 0..1 as bytes leave the browser
 * @throws UploadError when S3 refuses (policy) or the network fails
 */
export function uploadToSlot(
  slot: Pick<UploadSlotDto, 'url' | 'fields'>,
  file: Blob,
  onProgress: (fraction: number) => void = () => undefined,
): Promise<void> {
  return new Promise((resolve, reject) => {
    const form = new FormData();
    for (const [name, value] of Object.entries(slot.fields)) form.append(name, value);
    form.append('file', file);
    const xhr = new XMLHttpRequest();
    xhr.open('POST', slot.url);
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable && e.total > 0) onProgress(e.loaded / e.total);
    };
    xhr.onload = () => {
      if (xhr.status >= 200 && xhr.status < 300) {
        onProgress(1);
        resolve();
      } else {
        reject(new UploadError(xhr.status, s3ErrorMessage(xhr.status, xhr.responseText)));
      }
    };
    xhr.onerror = () => reject(new UploadError(0, s3ErrorMessage(0, '')));
    xhr.send(form);
  });
}
