import { describe, expect, it } from 'vitest';
import type { ErrorCode } from '@/lib/errors';
import { parseUploadFailure, quotaResetDate, uploadedToken, uploadFailureReason } from '@/lib/upload/upload-failure';

const codeMessage = (code: ErrorCode) => `translated ${code}`;
const quota = {
  type: 'about:blank',
  title: 'You have reached the limit of your plan.',
  status: 429,
  code: 'QUOTA_EXCEEDED',
  detail: 'The Free plan allows 5 documents per month and you have used them all. See the plans at /#Pricing.',
  pricing: '/#Pricing',
  limit: 5,
  used: 5,
};

describe('uploadedToken (only uploadResult OK is a success)', () => {
  it('takes the token of a 201 OK answer', () => {
    expect(
      uploadedToken(201, { uploadResult: 'OK', document: { doctoken: 'abc', docname: 'a.pdf', docid: 'x' } }),
    ).toBe('abc');
  });

  it.each([
    [201, { uploadResult: 'ERROR', document: { doctoken: 'abc' } }],
    [201, { uploadResult: 'OK', document: { doctoken: '' } }],
    [201, { uploadResult: 'OK' }],
    [201, null],
    [429, { uploadResult: 'OK', document: { doctoken: 'abc' } }],
    [0, null],
  ])('refuses status %s with %j', (status, body) => {
    expect(uploadedToken(status, body)).toBeNull();
  });
});

describe('the reason of a refused upload', () => {
  it('a quota refusal is recognised with its limit; the page shows the plans, not the raw detail', () => {
    const failure = parseUploadFailure(429, quota);
    expect(failure).toEqual({ status: 429, code: 'QUOTA_EXCEEDED', detail: quota.detail, quota: { limit: 5 } });
    expect(parseUploadFailure(429, { ...quota, limit: 'five' }).quota).toEqual({ limit: null });
    expect(parseUploadFailure(429, { ...quota, limit: -1 }).quota).toEqual({ limit: null });
  });

  it('English shows the server detail', () => {
    const failure = parseUploadFailure(415, {
      status: 415,
      code: 'FILE_TYPE_MISMATCH',
      detail: 'The content is a PNG image, not PDF.',
    });
    expect(uploadFailureReason(failure, 'en', codeMessage, 'none')).toBe('The content is a PNG image, not PDF.');
  });

  it('other languages show the translated sentence of the code (the detail is English)', () => {
    const failure = parseUploadFailure(415, {
      status: 415,
      code: 'FILE_TYPE_MISMATCH',
      detail: 'The content is a PNG image, not PDF.',
    });
    expect(uploadFailureReason(failure, 'pt', codeMessage, 'none')).toBe('translated FILE_TYPE_MISMATCH');
    expect(failure.quota).toBeNull();
  });

  it('an unknown code falls back to the detail, then to the given sentence', () => {
    expect(
      uploadFailureReason(parseUploadFailure(400, { code: 'NEW_CODE', detail: 'Why.' }), 'cs', codeMessage, 'none'),
    ).toBe('Why.');
    expect(uploadFailureReason(parseUploadFailure(502, '<html>'), 'es', codeMessage, 'no reason')).toBe('no reason');
    expect(uploadFailureReason(parseUploadFailure(500, { code: 'INTERNAL' }), 'en', codeMessage, 'none')).toBe(
      'translated INTERNAL',
    );
  });

  it('a quota counts from zero again on the first day of the next month (UTC)', () => {
    expect(quotaResetDate(new Date('2026-11-24T14:00:00Z')).toISOString()).toBe('2026-12-01T00:00:00.000Z');
    expect(quotaResetDate(new Date('2026-12-31T23:59:59Z')).toISOString()).toBe('2027-01-01T00:00:00.000Z');
  });
});
