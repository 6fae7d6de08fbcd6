import { describe, expect, it } from 'vitest';
import { ZSendBody } from '@/lib/api/v1/documents';
import { defaultFieldSize, fieldTypes } from '@/lib/api/v1/enums';
import { ZPutFieldsBody } from '@/lib/api/v1/fields';
import { openApiDocument } from '@/lib/api/v1/openapi';
import { ZPutRecipientsBody } from '@/lib/api/v1/recipients';

const paths = (result: { success: boolean; error?: { issues: { path: PropertyKey[] }[] } }) =>
  result.error?.issues.map((issue) => issue.path.join('.')) ?? [];

describe('v1 recipient schema', () => {
  it('fills the defaults: role signer, auth none; lower-cases and trims emails', () => {
    const body = ZPutRecipientsBody.parse({ recipients: [{ email: ' Ana@Example.COM ', name: 'Ana' }] });
    expect(body.recipients[0]).toEqual({ email: 'ana@example.com', name: 'Ana', role: 'signer', auth: 'none' });
  });

  it('refuses a bad email, a duplicate email (any case), a name with a line break, an unknown role', () => {
    const result = ZPutRecipientsBody.safeParse({
      recipients: [
        { email: 'not-an-email', name: 'A' },
        { email: 'b@example.com', name: 'B\r\nBcc: x@evil.example' },
        { email: 'B@example.com', name: 'C', role: 'owner' },
      ],
    });
    expect(paths(result)).toEqual(
      expect.arrayContaining(['recipients.0.email', 'recipients.1.name', 'recipients.2.role']),
    );
    const duplicate = ZPutRecipientsBody.safeParse({
      recipients: [
        { email: 'b@example.com', name: 'B' },
        { email: 'B@EXAMPLE.com', name: 'C' },
      ],
    });
    expect(paths(duplicate)).toEqual(['recipients.1.email']);
  });

  it('refuses more than 50 recipients', () => {
    const recipients = Array.from({ length: 51 }, (_, index) => ({
      email: `r${index}@example.com`,
      name: `R${index}`,
    }));
    expect(paths(ZPutRecipientsBody.safeParse({ recipients }))).toEqual(['recipients']);
  });
});

describe('v1 field schema', () => {
  const base = { recipientId: 'r1', page: 1, x: 10, y: 10 };

  it('accepts each of the eleven types with its settings, required by default', () => {
    const fields = fieldTypes.map((type) => ({
      ...base,
      type,
      ...(type === 'radio' || type === 'dropdown' ? { options: ['A', 'B'] } : {}),
    }));
    const parsed = ZPutFieldsBody.parse({ fields });
    expect(parsed.fields).toHaveLength(11);
    expect(parsed.fields.every((field) => field.required)).toBe(true);
  });

  it('refuses missing or repeated options, options on a text field, min above max, an unknown type, a page 0', () => {
    const result = ZPutFieldsBody.safeParse({
      fields: [
        { ...base, type: 'radio' },
        { ...base, type: 'dropdown', options: ['A', 'A'] },
        { ...base, type: 'text', options: ['A'] },
        { ...base, type: 'number', min: 5, max: 1 },
        { ...base, type: 'stamp' },
        { ...base, type: 'text', page: 0 },
      ],
    });
    expect(paths(result)).toEqual(
      expect.arrayContaining([
        'fields.0.options',
        'fields.1.options',
        'fields.2.options',
        'fields.3.min',
        'fields.4.type',
        'fields.5.page',
      ]),
    );
  });

  it('gives each field type its default size in points', () => {
    expect(defaultFieldSize('signature')).toEqual({ width: 180, height: 50 });
    expect(defaultFieldSize('initials')).toEqual({ width: 60, height: 40 });
    expect(defaultFieldSize('checkbox')).toEqual({ width: 16, height: 16 });
    expect(defaultFieldSize('text')).toEqual({ width: 150, height: 24 });
  });
});

describe('v1 send schema', () => {
  it('refuses an expiry in the past and reminders outside 1..30 days', () => {
    const result = ZSendBody.safeParse({
      signingOrder: 'sequential',
      expiresAt: '2020-01-01T00:00:00Z',
      reminderDays: 0,
    });
    expect(paths(result)).toEqual(expect.arrayContaining(['expiresAt', 'reminderDays']));
  });
});

describe('OpenAPI document', () => {
  it('is OpenAPI 3.1 with every owner path and the named component schemas', () => {
    const document = openApiDocument('https://signet.example');
    expect(document.openapi).toBe('3.1.0');
    for (const path of [
      '/api/v1/documents',
      '/api/v1/documents/{id}',
      '/api/v1/documents/{id}/recipients',
      '/api/v1/documents/{id}/fields',
      '/api/v1/documents/{id}/send',
      '/api/v1/documents/{id}/remind',
      '/api/v1/documents/{id}/recipients/{recipientId}/resend',
      '/api/v1/documents/{id}/recipients/{recipientId}/link',
      '/api/v1/documents/{id}/cancel',
      '/api/v1/documents/{id}/audit',
      '/api/v1/signing-requests',
      '/api/v1/signing-requests/{id}',
      '/api/v1/webhooks',
      '/api/v1/webhooks/{id}',
    ]) {
      expect(document.paths, path).toHaveProperty([path]);
    }
    expect(Object.keys(document.components?.schemas ?? {})).toEqual(
      expect.arrayContaining([
        'RecipientInput',
        'FieldInput',
        'DocumentDetails',
        'Problem',
        'CreateWebhookBody',
        'Webhook',
        'CreatedWebhook',
        'WebhookPayload',
      ]),
    );
  });

  it('describes what a webhook receives, for each of the seven webhook events (the WebhookPayload schema)', () => {
    const document = openApiDocument('https://signet.example');
    const schemas = document.components?.schemas ?? {};
    expect(JSON.stringify(schemas.WebhookPayload)).toContain('#/components/schemas/WebhookEvent');
    expect([...((schemas.WebhookEvent as { enum?: string[] } | undefined)?.enum ?? [])].sort()).toEqual(
      [
        'document.sent',
        'recipient.opened',
        'recipient.signed',
        'recipient.declined',
        'document.completed',
        'document.expired',
        'document.cancelled',
      ].sort(),
    );
    expect(JSON.stringify(document.paths?.['/api/v1/webhooks'])).toContain('WebhookPayload');
  });
});
