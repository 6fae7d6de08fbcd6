import { createHash } from 'node:crypto';
import type { TCertificateData, TCertificateEvent } from '@/lib/server/pdf/certificate/types';

const at = (minute: number) => new Date(Date.UTC(2026, 10, 25, 9, minute, 7));
const hex = (seed: number) => createHash('sha256').update(String(seed)).digest('hex');

/** A drawn-looking path: a loop and a flourish in a 300 × 100 box. */
const SCRIBBLE =
  'M 10 70 C 40 10 70 10 80 60 C 90 95 120 90 140 40 C 150 20 170 20 175 50 L 290 45 L 290 52 L 178 58 C 170 80 150 80 145 55 C 125 100 85 100 75 65 C 65 25 45 25 16 74 Z';

export function certificateData(eventCount = 12): TCertificateData {
  const events: TCertificateEvent[] = Array.from({ length: eventCount }, (_, index) => ({
    type: [
      'document.created',
      'document.sent',
      'recipient.opened',
      'recipient.consented',
      'field.filled',
      'recipient.signed',
    ][index % 6]!,
    actor: index === 0 ? 'owner-1' : index % 3 === 0 ? 'system' : index % 2 ? 'recipient:r1' : 'recipient:r2',
    at: at(index % 60),
    hash: hex(index + 1),
  }));
  return {
    document: {
      id: 'cmdoc0000001',
      name: 'Contrato de prestação de serviços — São João.pdf',
      pageCount: 3,
      sentAt: at(1),
      completedAt: at(59),
      originalSha256: hex(100),
      flattenedSha256: hex(200),
      flattenedLength: 1234567,
    },
    owner: { id: 'owner-1', name: 'Owner Person', email: 'owner@example.com' },
    recipients: [
      {
        id: 'r1',
        name: 'Řehoř Šťastný',
        email: 'rehor@example.cz',
        role: 'signer',
        auth: 'oidc',
        authName: 'Řehoř Šťastný',
        authSubject: 'CZ/1234567890',
        authAt: at(4),
        ip: '203.0.113.7',
        userAgent:
          'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36',
        consentAt: at(5),
        signedAt: at(9),
        signatures: [
          {
            fieldType: 'signature',
            kind: 'drawn',
            samples: 214,
            appearance: { type: 'vector', viewBox: { x: 0, y: 0, width: 300, height: 100 }, path: SCRIBBLE },
          },
        ],
      },
      {
        id: 'r2',
        name: 'José Muñoz',
        email: 'jose@example.es',
        role: 'signer',
        auth: 'email_otp',
        authName: null,
        authSubject: null,
        authAt: at(20),
        ip: '2001:db8::1',
        userAgent: 'Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X)',
        consentAt: at(21),
        signedAt: at(25),
        signatures: [
          {
            fieldType: 'signature',
            kind: 'typed',
            samples: 0,
            appearance: { type: 'vector', viewBox: { x: 0, y: 0, width: 300, height: 100 }, path: SCRIBBLE },
          },
          {
            fieldType: 'initials',
            kind: 'typed',
            samples: 0,
            appearance: { type: 'vector', viewBox: { x: 0, y: 0, width: 300, height: 100 }, path: SCRIBBLE },
          },
        ],
      },
      {
        id: 'r3',
        name: 'Ana Approver',
        email: 'ana@example.com',
        role: 'approver',
        auth: 'none',
        authName: null,
        authSubject: null,
        authAt: null,
        ip: null,
        userAgent: null,
        consentAt: null,
        signedAt: at(30),
        signatures: [],
      },
    ],
    events,
    auditHead: hex(eventCount),
    validatorUrl: 'https://signet.example.com/validator',
    locale: 'en',
  };
}
