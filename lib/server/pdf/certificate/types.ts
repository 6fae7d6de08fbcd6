import type { TRecipientAuth, TRecipientRole } from '@/lib/api/v1/enums';
import type { TSignatureAppearance } from '@/lib/signatures/appearance';

/** The certificate's text in the owner's language (messages namespace `certificate`), values interpolated. */
export type TCertificateT = (key: string, values?: Record<string, string | number>) => string;

export type TCertificateSignature = {
  fieldType: 'signature' | 'initials';
  kind: 'drawn' | 'typed' | 'image';
  /** Drawn: how many pen samples the (encrypted) biometric record holds. */
  samples: number;
  /** Typed: the family of the handwriting font it was set in. */
  font?: string;
  appearance: TSignatureAppearance;
};

export type TCertificateRecipient = {
  id: string;
  name: string;
  email: string;
  role: TRecipientRole;
  auth: TRecipientAuth;
  /** What the authentication verified: the name and subject the identity provider gave. */
  authName: string | null;
  authSubject: string | null;
  authAt: Date | null;
  ip: string | null;
  userAgent: string | null;
  consentAt: Date | null;
  signedAt: Date | null;
  signatures: TCertificateSignature[];
};

export type TCertificateEvent = { type: string; actor: string; at: Date; hash: string };

/** Everything the certificate of completion prints; gathered from the database by lib/server/finalize. */
export type TCertificateData = {
  document: {
    id: string;
    name: string;
    pageCount: number;
    sentAt: Date | null;
    completedAt: Date;
    originalSha256: string;
    flattenedSha256: string;
    flattenedLength: number;
  };
  owner: { id: string; name: string | null; email: string };
  recipients: TCertificateRecipient[];
  events: TCertificateEvent[];
  /** The chain's newest hash (Document.auditHead), printed so a copy of the trail can be matched to it. */
  auditHead: string | null;
  validatorUrl: string;
  /** The owner's language (en, pt, cs, es), the certificate's /Lang. */
  locale: string;
  /** Other people who acted on a team's document (its members, a former owner): user id → address. */
  people?: Record<string, string>;
  /** The sending team's brand (docs/teams.md), printed at the top of the first page; absent: Signet's own. */
  brand?: TCertificateBrand;
};

export type TCertificateBrand = {
  name: string;
  /** #rrggbb, readable under white text. */
  color: string | null;
  logo: { bytes: Uint8Array; contentType: string } | null;
};
