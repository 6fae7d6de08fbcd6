import { MAX_FIELDS, MAX_RECIPIENTS } from '@/lib/api/v1/enums';
import { ZFieldInput } from '@/lib/api/v1/fields';
import { ZRecipientInput } from '@/lib/api/v1/recipients';
import type { TDraftField, TDraftRecipient } from './draft-types';
import { insidePage, type TPageSize } from './geometry';

export type TSendIssueCode =
  | 'noSigner'
  | 'noSignatureField'
  | 'invalidRecipient'
  | 'duplicateEmail'
  | 'tooManyRecipients'
  | 'tooManyFields'
  | 'outsidePage'
  | 'noRecipient'
  | 'fillsNoFields'
  | 'invalidField'
  /** The server refused the send for a reason these checks did not see (e.g. the draft changed elsewhere). */
  | 'server';

/** One reason the document cannot be sent, on the recipient or field it concerns (neither: the document). */
export type TSendIssue = { code: TSendIssueCode; recipientKey?: string; fieldKey?: string; detail?: string };

/**
 * The server's send rules, checked in the browser first so the owner sees
 * each problem where it is: at least one signer, every signer with a
 * signature field, valid and distinct emails, every field inside its page,
 * valid for its type and for someone who fills fields (not a viewer or cc), at most MAX_RECIPIENTS and MAX_FIELDS.
 */
export function checkBeforeSend(
  recipients: TDraftRecipient[],
  fields: TDraftField[],
  pages: TPageSize[],
): TSendIssue[] {
  const issues: TSendIssue[] = [];
  if (recipients.length > MAX_RECIPIENTS) issues.push({ code: 'tooManyRecipients' });
  if (fields.length > MAX_FIELDS) issues.push({ code: 'tooManyFields' });
  const signers = recipients.filter((recipient) => recipient.role === 'signer');
  if (signers.length === 0) issues.push({ code: 'noSigner' });

  const seen = new Set<string>();
  for (const recipient of recipients) {
    const parsed = ZRecipientInput.safeParse({
      name: recipient.name,
      email: recipient.email,
      role: recipient.role,
      auth: recipient.auth,
    });
    if (!parsed.success) {
      issues.push({ code: 'invalidRecipient', recipientKey: recipient.key, detail: parsed.error.issues[0]?.message });
      continue;
    }
    if (seen.has(parsed.data.email)) issues.push({ code: 'duplicateEmail', recipientKey: recipient.key });
    seen.add(parsed.data.email);
  }
  for (const signer of signers) {
    if (!fields.some((field) => field.recipientKey === signer.key && field.type === 'signature')) {
      issues.push({ code: 'noSignatureField', recipientKey: signer.key });
    }
  }

  const roles = new Map(recipients.map((recipient) => [recipient.key, recipient.role]));
  for (const field of fields) {
    const role = roles.get(field.recipientKey);
    if (!role) issues.push({ code: 'noRecipient', fieldKey: field.key });
    // Viewers and people who get a copy have nothing to fill.
    else if (role === 'viewer' || role === 'cc')
      issues.push({ code: 'fillsNoFields', fieldKey: field.key, recipientKey: field.recipientKey });
    if (!insidePage(field, pages[field.page - 1])) issues.push({ code: 'outsidePage', fieldKey: field.key });
    const { key: _key, recipientKey: _recipient, ...input } = field;
    const parsed = ZFieldInput.safeParse({ ...input, recipientId: 'local' });
    if (!parsed.success)
      issues.push({ code: 'invalidField', fieldKey: field.key, detail: parsed.error.issues[0]?.message });
  }
  return issues;
}

/** The draft keys behind the server's lists, in the server's order (GET …/documents/{id}): `fields.N` is fieldKeys[N]. */
export type TServerOrder = { recipientKeys: (string | undefined)[]; fieldKeys: (string | undefined)[] };

/**
 * The draft keys of the server's lists, in its order: its ids mapped back to
 * the workspace's keys through the ids the saves returned (an id the
 * workspace does not know stays undefined: that error stays on the document).
 */
export function serverOrder(
  document: { recipients: { id: string }[]; fields: { id: string }[] },
  ids: { recipients: Map<string, string>; fields: Map<string, string> },
): TServerOrder {
  const keyOf = (byKey: Map<string, string>) => new Map([...byKey].map(([key, id]) => [id, key]));
  const [recipientKey, fieldKey] = [keyOf(ids.recipients), keyOf(ids.fields)];
  return {
    recipientKeys: document.recipients.map((recipient) => recipientKey.get(recipient.id)),
    fieldKeys: document.fields.map((field) => fieldKey.get(field.id)),
  };
}

/**
 * A refused send's errors[] as issues on what they name: `recipients.N…`
 * (or `recipients[N]…`) on that recipient, `fields.N…` on that field, both
 * counted in the server's order; anything else (the deadline, the limits)
 * on the document.
 */
export function serverSendIssues(errors: { path: string; message: string }[], order: TServerOrder): TSendIssue[] {
  return errors.map((error) => {
    const match = /^(recipients|fields)(?:\.(\d+)|\[(\d+)\])(?:[.[]|$)/.exec(error.path);
    const index = match ? Number(match[2] ?? match[3]) : -1;
    const recipientKey = match?.[1] === 'recipients' ? order.recipientKeys[index] : undefined;
    const fieldKey = match?.[1] === 'fields' ? order.fieldKeys[index] : undefined;
    return {
      code: 'server',
      detail: error.message,
      ...(recipientKey ? { recipientKey } : {}),
      ...(fieldKey ? { fieldKey } : {}),
    };
  });
}
