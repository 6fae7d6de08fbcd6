import { formatUtc } from './format';
import { COLORS, type PageWriter } from './page-writer';
import type { TCertificateData, TCertificateT } from './types';

const COLUMNS = { time: 104, type: 126 };
const HASH_SIZE = 6.5;

/** "Ana Silva <ana@…>" for a recipient's events, the owner's address for theirs, the system as such. */
export function actorLabel(actor: string, data: TCertificateData, t: TCertificateT): string {
  if (actor.startsWith('recipient:')) {
    const recipient = data.recipients.find((candidate) => candidate.id === actor.slice('recipient:'.length));
    if (recipient) return `${recipient.name} <${recipient.email}>`;
  }
  if (actor === 'system') return t('actorSystem');
  if (actor.startsWith('api:')) return t('actorApi', { prefix: actor.slice(4) });
  if (actor === data.owner.id) return t('actorOwner', { email: data.owner.email });
  const person = data.people?.[actor];
  if (person) return t('actorMember', { email: person });
  return actor;
}

function tableHeader(writer: PageWriter, t: TCertificateT): void {
  const x = writer.left;
  writer.page.drawRectangle({ x, y: writer.y - 14, width: writer.width, height: 14, color: COLORS.band });
  for (const [text, at] of [
    [t('eventTime'), x + 4],
    [t('eventType'), x + COLUMNS.time + 4],
    [t('eventActor'), x + COLUMNS.time + COLUMNS.type + 4],
  ] as const) {
    writer.drawAt(text, writer.y - 3, { size: 7.5, bold: true, x: at, color: COLORS.muted });
  }
  writer.y -= 18;
}

/**
 * The audit events oldest first with each event's hash (the chain's links),
 * the column heads repeated on every page the table continues on.
 */
export function drawAuditTrail(writer: PageWriter, data: TCertificateData, t: TCertificateT): void {
  writer.heading(t('audit'), 80);
  writer.paragraph(t('auditIntro', { count: data.events.length }), { size: 8, color: COLORS.muted });
  writer.y -= 6;
  tableHeader(writer, t);
  const actorWidth = writer.width - COLUMNS.time - COLUMNS.type - 8;
  for (const event of data.events) {
    const actor = actorLabel(event.actor, data, t);
    const type = writer.measure(event.type, { size: 8, width: COLUMNS.type - 8 });
    const by = writer.measure(actor, { size: 8, width: actorWidth });
    const height = Math.max(type.height, by.height, 10.4) + HASH_SIZE * 1.3 + 6;
    if (writer.y - height < 48 + 36) {
      writer.newPage();
      tableHeader(writer, t);
    }
    const x = writer.left;
    writer.drawAt(formatUtc(event.at), writer.y, { size: 8, x: x + 4, width: COLUMNS.time });
    writer.drawAt(event.type, writer.y, { size: 8, x: x + COLUMNS.time + 4, width: COLUMNS.type - 8 });
    writer.drawAt(actor, writer.y, { size: 8, x: x + COLUMNS.time + COLUMNS.type + 4, width: actorWidth });
    const hashTop = writer.y - Math.max(type.height, by.height, 10.4);
    writer.drawAt(`SHA-256 ${event.hash}`, hashTop, {
      size: HASH_SIZE,
      x: x + 4,
      width: writer.width - 8,
      color: COLORS.muted,
    });
    writer.y -= height;
    writer.page.drawLine({
      start: { x, y: writer.y + 3 },
      end: { x: x + writer.width, y: writer.y + 3 },
      thickness: 0.4,
      color: COLORS.rule,
    });
  }
  if (data.auditHead) {
    writer.y -= 6;
    writer.paragraph(t('auditHead', { hash: data.auditHead }), { size: 7.5, color: COLORS.muted });
  }
}
