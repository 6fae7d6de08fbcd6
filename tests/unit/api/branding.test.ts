import { execFileSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { simpleParser } from 'mailparser';
import { PNG } from 'pngjs';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { contrastWithWhite, ZBranding } from '@/lib/api/v1/branding';
import { userOnPlan } from '../../fixtures/plan-user';
import { pdfFile, pdfText } from '../../fixtures/pdf-judges';
import { certificateData } from '../pdf/certificate-fixture';
import { apiWorld } from './helpers';

const session = vi.hoisted(() => ({ user: null as { id: string } | null }));
vi.mock('@/lib/server/auth/auth', () => ({
  auth: async () => (session.user ? { user: session.user, sessionVersion: 0 } : null),
}));
vi.mock('next/headers', () => ({ headers: async () => new Headers() }));

// Before apiWorld's setup, which parses the environment once.
vi.stubEnv('RATE_LIMITS', 'brandLogo=8/60');
const { world, call, draft } = apiWorld();

let brandingRoute: typeof import('@/app/api/v1/teams/[id]/branding/route');
let logoRoute: typeof import('@/app/api/v1/teams/[id]/branding/logo/route');
let publicLogo: typeof import('@/app/api/v1/brand-logos/[logoId]/route');
let team = '';
let admin = { id: '' };
let member = { id: '' };

beforeAll(async () => {
  brandingRoute = await import('@/app/api/v1/teams/[id]/branding/route');
  logoRoute = await import('@/app/api/v1/teams/[id]/branding/logo/route');
  publicLogo = await import('@/app/api/v1/brand-logos/[logoId]/route');
  const { createTeam } = await import('@/lib/server/teams/create-team');
  admin = await userOnPlan(world.client, { email: 'brand-admin@example.com' });
  member = await userOnPlan(world.client, { email: 'brand-member@example.com' });
  team = (await createTeam(admin.id, 'Acme Corp')).id;
  await world.client.membership.create({ data: { workspaceId: team, userId: member.id, role: 'MEMBER' } });
});

async function as<T>(userId: string, work: () => Promise<T>): Promise<T> {
  session.user = { id: userId };
  try {
    return await work();
  } finally {
    session.user = null;
  }
}

const put = (userId: string, body: unknown) =>
  as(userId, () =>
    call(brandingRoute.PUT, 'PUT', `/api/v1/teams/${team}/branding`, { key: null, body, params: { id: team } }),
  );

/** PUT …/branding/logo with one multipart file, as a browser's form sends it. */
async function uploadLogo(userId: string, bytes: Uint8Array, type: string, name = 'logo') {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(bytes)], { type }), name);
  return as(userId, async () => {
    const response = await logoRoute.PUT(
      new Request(`http://signet.test/api/v1/teams/${team}/branding/logo`, {
        method: 'PUT',
        headers: { 'x-xsrf-token': 'x', cookie: 'XSRF-TOKEN=x' },
        body: form,
      }),
      { params: Promise.resolve({ id: team }) },
    );
    return { status: response.status, body: (await response.json()) as Record<string, unknown> };
  });
}

/** A small PNG with a text chunk (metadata a re-encode must drop) after its header. */
function pngWithComment(): Buffer {
  const png = new PNG({ width: 40, height: 20 });
  png.data.fill(200);
  const plain = PNG.sync.write(png);
  const text = Buffer.from('Comment\0secret-metadata');
  const chunk = Buffer.alloc(12 + text.length);
  chunk.writeUInt32BE(text.length, 0);
  chunk.write('tEXt', 4, 'latin1');
  text.copy(chunk, 8);
  // The CRC is not checked by the sniffer; pngjs re-encodes from pixels and writes no tEXt at all.
  return Buffer.concat([plain.subarray(0, 33), chunk, plain.subarray(33)]);
}

const fetchLogo = async (url: string) => {
  const logoId = url.split('/').at(-1)!;
  const response = await publicLogo.GET(new Request(`http://signet.test${url}`), {
    params: Promise.resolve({ logoId }),
  });
  return { status: response.status, headers: response.headers, bytes: Buffer.from(await response.arrayBuffer()) };
};

describe('team branding', () => {
  it('checks the colour against white text (WCAG AA) and keeps a sender name on one line; admins only', async () => {
    expect(contrastWithWhite('#ffffff')).toBeCloseTo(1);
    expect(contrastWithWhite('#000000')).toBeCloseTo(21);
    const light = await put(admin.id, { color: '#ffcc00' });
    expect(light.status).toBe(400);
    expect(JSON.stringify(light.body)).toContain('contrast');
    expect((await put(admin.id, { senderName: 'Acme\nBcc: x' })).status).toBe(400);
    expect((await put(member.id, { color: '#1d4ed8' })).status).toBe(403);
    const set = await put(admin.id, { color: '#1D4ED8', senderName: 'ACME' });
    expect(set.status, JSON.stringify(set.body)).toBe(200);
    expect(ZBranding.parse(set.body)).toEqual({ color: '#1d4ed8', senderName: 'ACME', logoUrl: null });
    const seen = await as(member.id, () =>
      call(brandingRoute.GET, 'GET', `/api/v1/teams/${team}/branding`, { key: null, params: { id: team } }),
    );
    expect(seen.body).toMatchObject({ color: '#1d4ed8', senderName: 'ACME' });
  });

  it('takes a PNG or JPEG logo, re-encoded without its metadata, and serves it publicly by its own id', async () => {
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>');
    expect((await uploadLogo(admin.id, svg, 'image/svg+xml', 'logo.svg')).status).toBe(415);
    expect((await uploadLogo(admin.id, Buffer.alloc(1024 * 1024 + 10, 1), 'image/png')).status).toBe(413);
    expect((await uploadLogo(member.id, pngWithComment(), 'image/png')).status).toBe(403);

    const first = await uploadLogo(admin.id, pngWithComment(), 'image/png');
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    const firstUrl = String(first.body.logoUrl);
    expect(firstUrl).toMatch(/^\/api\/v1\/brand-logos\/[A-Za-z0-9_-]{22}$/);
    expect(firstUrl).not.toContain(team);
    const served = await fetchLogo(firstUrl);
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('image/png');
    expect(served.headers.get('cache-control')).toContain('immutable');
    expect(PNG.sync.read(served.bytes)).toMatchObject({ width: 40, height: 20 });
    expect(served.bytes.includes(Buffer.from('secret-metadata'))).toBe(false);

    // A new logo has a new address; the old one stops working, as does a removed one.
    const second = await uploadLogo(admin.id, pngWithComment(), 'image/png');
    expect((await fetchLogo(firstUrl)).status).toBe(404);
    const removed = await as(admin.id, () =>
      call(logoRoute.DELETE, 'DELETE', `/api/v1/teams/${team}/branding/logo`, { key: null, params: { id: team } }),
    );
    expect(removed.body).toMatchObject({ logoUrl: null });
    expect((await fetchLogo(String(second.body.logoUrl))).status).toBe(404);
  });

  it('the public logo address does bounded work: a malformed id is 404 before the database, a loop is 429', async () => {
    const answers: number[] = [];
    for (let i = 0; i < 12; i++)
      answers.push((await fetchLogo(`/api/v1/brand-logos/${'x'.repeat(i % 2 ? 22 : 500)}`)).status);
    expect(answers.filter((status) => status === 404).length).toBeGreaterThan(0);
    expect(answers.at(-1)).toBe(429);
  });
});

describe('the brand reaches signers', () => {
  it('on the signing page, in mails (From "ACME via Signet", the logo inside the mail) and on the certificate', async () => {
    await put(admin.id, { color: '#1d4ed8', senderName: 'ACME' });
    const logo = await uploadLogo(admin.id, pngWithComment(), 'image/png');
    expect(logo.status).toBe(200);

    const document = await draft(undefined, admin.id, team);
    const recipient = await world.client.recipient.create({
      data: { documentId: document.id, email: 'signer@example.com', name: 'Sam Signer' },
    });
    await world.client.document.update({ where: { id: document.id }, data: { status: 'PENDING', sentAt: new Date() } });
    const { issueSigningLink } = await import('@/lib/server/signing/link/signing-link');
    const token = await issueSigningLink(world.client, recipient.id);
    const { findSigningPage } = await import('@/lib/server/signing/link/find-signing-page');
    expect((await findSigningPage(token)).brand).toMatchObject({
      name: 'ACME',
      color: '#1d4ed8',
      logo: { path: logo.body.logoUrl },
    });
    const personal = await draft(undefined, admin.id);
    const personalRecipient = await world.client.recipient.create({
      data: { documentId: personal.id, email: 'signer@example.com', name: 'Sam Signer' },
    });
    await world.client.document.update({ where: { id: personal.id }, data: { status: 'PENDING', sentAt: new Date() } });
    expect((await findSigningPage(await issueSigningLink(world.client, personalRecipient.id))).brand).toBeNull();

    const { loadBrand } = await import('@/lib/server/branding/load-brand');
    const { sendTemplateMail } = await import('@/lib/server/mail/send-template-mail');
    const brand = await loadBrand(team);
    const sent = await sendTemplateMail(
      'invitation',
      'en',
      {
        documentName: 'Contract.pdf',
        ownerName: 'Ada Admin',
        ownerEmail: 'brand-admin@example.com',
        recipientName: 'Sam Signer',
        role: 'SIGNER',
        signUrl: `http://signet.test/sign/${randomUUID()}`,
      },
      { to: 'signer@example.com', brand },
    );
    const raw = await readFile(sent.outboxFile!, 'utf8');
    expect(raw).toContain('cid:brand-logo@signet');
    const mail = await simpleParser(raw);
    expect(mail.from?.value[0]).toMatchObject({ name: 'ACME via Signet' });
    // The parser resolves the content id to the inline part, as a mail client shows it: nothing is fetched.
    expect(mail.html).toContain('src="data:image/png;base64,');
    expect(mail.html).toContain('#1d4ed8');
    const inline = mail.attachments.find((file) => file.cid === 'brand-logo@signet');
    expect(inline?.contentType).toBe('image/png');
    expect(PNG.sync.read(inline!.content)).toMatchObject({ width: 40, height: 20 });

    const { buildCertificate } = await import('@/lib/server/pdf/certificate/build-certificate');
    const { certificateTranslator } = await import('@/lib/server/finalize/certificate-translator');
    const file = pdfFile(
      await buildCertificate({ ...certificateData(), brand: brand! }, await certificateTranslator('en')),
      'branded.pdf',
    );
    expect(pdfText(file, 1)).toContain('ACME via Signet');
    expect(execFileSync('pdfimages', ['-list', file]).toString()).toMatch(/\n\s+1\s+\d+\s+image\s+40\s+20/);
  });
});
