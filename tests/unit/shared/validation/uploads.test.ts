import { describe, expect, it } from 'vitest';
import {
  ALLOWED_UPLOAD_EXTENSIONS,
  ALLOWED_UPLOAD_MIME_TYPES,
  MAX_UPLOAD_BYTES,
  UPLOAD_ACCEPT,
  uploadErrorKey,
  validateUpload,
} from '../../../../shared/validation/uploads';
import { errorMessage } from '../../../../shared/validation/validate-form';

const TEN_MB = 10 * 1024 * 1024;

describe('uploads: 10MB at most, JPG, PNG, HEIC or PDF only', () => {
  it('limits uploads to 10 MB', () => {
    expect(MAX_UPLOAD_BYTES).toBe(10_485_760);
  });

  it.each([
    ['10 MB exactly', { size: TEN_MB, type: 'image/jpeg' }, { ok: true }],
    ['an empty file', { size: 0, type: 'application/pdf' }, { ok: true }],
    [
      '10 MB + 1 byte',
      { size: TEN_MB + 1, type: 'image/jpeg' },
      { ok: false, errorKey: 'fileTooLargeError' },
    ],
    ['a GIF', { size: 1000, type: 'image/gif' }, { ok: false, errorKey: 'fileTypeError' }],
    [
      'a large text file',
      { size: TEN_MB + 1, type: 'text/plain' },
      { ok: false, errorKey: 'fileTooLargeAndTypeError' },
    ],
    [
      'a negative size',
      { size: -1, type: 'image/png' },
      { ok: false, errorKey: 'fileTooLargeError' },
    ],
    [
      'a fractional size',
      { size: 1.5, type: 'image/png' },
      { ok: false, errorKey: 'fileTooLargeError' },
    ],
    ['NaN', { size: Number.NaN, type: 'image/png' }, { ok: false, errorKey: 'fileTooLargeError' }],
    [
      'Infinity',
      { size: Number.POSITIVE_INFINITY, type: 'image/png' },
      { ok: false, errorKey: 'fileTooLargeError' },
    ],
  ])('%s', (_, file, expected) => {
    expect(validateUpload(file)).toEqual(expected);
  });

  it.each([...ALLOWED_UPLOAD_MIME_TYPES, 'IMAGE/PNG', 'application/pdf; charset=binary'])(
    'accepts MIME type %s',
    (type) => {
      expect(validateUpload({ size: 1, type })).toEqual({ ok: true });
    },
  );

  it.each([...ALLOWED_UPLOAD_EXTENSIONS, '.JPG', '.HeIc'])(
    'accepts extension %s when the browser gives no type',
    (extension) => {
      expect(validateUpload({ size: 1, type: '', name: `scan${extension}` })).toEqual({ ok: true });
      expect(validateUpload({ size: 1, name: `scan${extension}` })).toEqual({ ok: true });
      expect(
        validateUpload({ size: 1, type: 'application/octet-stream', name: `scan${extension}` }),
      ).toEqual({ ok: true });
    },
  );

  it.each([
    { size: 1 },
    { size: 1, type: '', name: 'setup.exe' },
    { size: 1, type: '', name: 'pdf' },
    { size: 1, type: '', name: 'scan.pdf.exe' },
    { size: 1, type: 'image/gif', name: 'photo.png' },
    { size: 1, type: 'text/html', name: 'report.pdf' },
    { size: 1, type: 'image/svg+xml' },
  ])('refuses %j as the wrong type', (file) => {
    expect(validateUpload(file)).toEqual({ ok: false, errorKey: 'fileTypeError' });
  });

  it('has three distinct messages: too large, wrong type, both', () => {
    const keys = [
      uploadErrorKey(true, false),
      uploadErrorKey(false, true),
      uploadErrorKey(true, true),
    ];
    expect(keys).toEqual(['fileTooLargeError', 'fileTypeError', 'fileTooLargeAndTypeError']);
    const messages = keys.map((key) => (key ? errorMessage(key) : ''));
    expect(new Set(messages).size).toBe(3);
    expect(uploadErrorKey(false, false)).toBeUndefined();
  });

  it('offers an accept attribute for file inputs', () => {
    expect(UPLOAD_ACCEPT).toBe(
      'image/jpeg,image/png,image/heic,image/heif,application/pdf,.jpg,.jpeg,.png,.heic,.pdf',
    );
  });
});
