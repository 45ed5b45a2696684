import { describe, expect, it } from 'vitest';
import { s3ErrorMessage } from './upload';

const s3Error = (code: string, message: string) =>
  `<?xml version="1.0" encoding="UTF-8"?>\n<Error><Code>${code}</Code><Message>${message}</Message></Error>`;

describe("S3's refusal of an upload, as the admin reads it", () => {
  it('S3 throttling or failing (503 SlowDown, 500 InternalError): in Italian, try again, nothing stored', () => {
    const expected = 'Il servizio è momentaneamente sovraccarico. Riprova tra poco: non è stato registrato nulla.';
    expect(s3ErrorMessage(503, s3Error('SlowDown', 'Please reduce your request rate.'))).toBe(expected);
    expect(s3ErrorMessage(500, s3Error('InternalError', 'We encountered an internal error. Please try again.'))).toBe(
      expected,
    );
  });

  it('a file too large and an expired policy keep their own messages', () => {
    expect(
      s3ErrorMessage(400, s3Error('EntityTooLarge', 'Your proposed upload exceeds the maximum allowed size')),
    ).toBe('File troppo grande.');
    expect(s3ErrorMessage(403, s3Error('AccessDenied', 'Invalid according to Policy: Policy expired.'))).toBe(
      'Autorizzazione scaduta: riprova.',
    );
  });
});
