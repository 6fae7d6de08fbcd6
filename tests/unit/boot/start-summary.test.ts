import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { summaryLines, type TSummaryInput } from '@/scripts/lib/start-summary';
import { PACKAGE_ROLES, parseSystemPackages, systemPackages } from '@/scripts/lib/system-packages';

const root = path.resolve(import.meta.dirname, '../../..');
const packages = systemPackages();
const officePackages = packages.filter((item) => item.role === 'office').map((item) => item.name);
const officeAndSandbox = packages.filter((item) => item.role.startsWith('office')).map((item) => item.name);

const allOff: TSummaryInput = {
  office: { ok: false, libreoffice: false, sandbox: { ok: false, reason: 'spawn bwrap ENOENT', notInstalled: true } },
  env: {
    dataDir: '/srv/signet',
    SMTP_URL: undefined,
    TSA_URL: undefined,
    SIGNER_OIDC_ISSUER: undefined,
    dkim: undefined,
  },
  localEid: false,
  packages,
};

const allOn: TSummaryInput = {
  office: { ok: true, libreoffice: true, sandbox: { ok: true } },
  env: {
    dataDir: '/srv/signet',
    SMTP_URL: 'smtp://mailer:s3cret@mail.example.com:587',
    TSA_URL: 'https://tsa.example.com/tsr',
    SIGNER_OIDC_ISSUER: 'https://eid.example.com',
    dkim: { domainName: 'example.com', keySelector: 's1', privateKey: 'PEM' },
  },
  localEid: false,
  packages,
};

/** The state column of the row whose label is `label`. */
function row(lines: string[], label: string): string {
  const line = lines.find((item) => item.trimStart().startsWith(`${label}  `));
  if (!line) throw new Error(`no ${label} row in:\n${lines.join('\n')}`);
  return line.trimStart().slice(label.length).trim();
}

describe('the start-up summary of optional capabilities', () => {
  it('says what each one that is off needs, in one command or setting, in a few lines', () => {
    const lines = summaryLines(allOff);
    expect(lines.length).toBeLessThanOrEqual(6);
    expect(row(lines, 'office conversion')).toBe(
      `off: sudo apt-get install --no-install-recommends ${officeAndSandbox.join(' ')}`,
    );
    expect(row(lines, 'mail')).toBe(
      'off: written to /srv/signet/outbox, not sent; set SMTP_URL=smtp://user:pass@host:587',
    );
    expect(row(lines, 'timestamps')).toMatch(
      /^off: seals are PAdES B-B; set TSA_URL to an RFC 3161 time-stamp authority$/,
    );
    expect(row(lines, 'signer eID')).toBe(
      'off: set SIGNER_OIDC_ISSUER, SIGNER_OIDC_CLIENT_ID and SIGNER_OIDC_CLIENT_SECRET',
    );
  });

  it('says on, naming hosts but never a password', () => {
    const lines = summaryLines(allOn);
    expect(row(lines, 'office conversion')).toBe('on');
    expect(row(lines, 'mail')).toBe('on: SMTP via mail.example.com:587, DKIM-signed');
    expect(row(lines, 'timestamps')).toBe('on: tsa.example.com, seals are PAdES B-LTA');
    expect(row(lines, 'signer eID')).toBe('on: eid.example.com');
    expect(lines.join('\n')).not.toContain('s3cret');
  });

  it('names only the missing part of office conversion', () => {
    const onlyBubblewrap = summaryLines({ ...allOff, office: { ...allOff.office, libreoffice: true } });
    expect(row(onlyBubblewrap, 'office conversion')).toBe(
      'off: sudo apt-get install --no-install-recommends bubblewrap',
    );
    const onlyLibreOffice = summaryLines({
      ...allOff,
      office: { ok: false, libreoffice: false, sandbox: { ok: true } },
    });
    expect(row(onlyLibreOffice, 'office conversion')).toBe(
      `off: sudo apt-get install --no-install-recommends ${officePackages.join(' ')}`,
    );
    // Installed but refused by the kernel: no package helps, the sandbox section of the docs does.
    const refused = summaryLines({
      ...allOff,
      office: {
        ok: false,
        libreoffice: true,
        sandbox: { ok: false, reason: 'bwrap: No permissions to create new namespace' },
      },
    });
    expect(row(refused, 'office conversion')).toMatch(
      /^off: bubblewrap cannot set up its sandbox \(bwrap: No permissions to create new namespace\); .*docs\/uploads\.md/,
    );
  });

  it("says the local provider stands in for the signers' eID when it does", () => {
    expect(row(summaryLines({ ...allOff, localEid: true }), 'signer eID')).toMatch(
      /^on: the local identity provider stands in .*set SIGNER_OIDC_ISSUER/,
    );
  });
});

describe('the system packages, listed once in scripts/install-system-deps.sh', () => {
  it('are all read, each with a known role', () => {
    const script = readFileSync(path.join(root, 'scripts', 'install-system-deps.sh'), 'utf8');
    const body = /^packages=\(\n([\s\S]*?)^\)/m.exec(script)?.[1] ?? '';
    expect(packages).toHaveLength(body.split('\n').filter((line) => line.trim()).length);
    for (const role of PACKAGE_ROLES)
      expect(
        packages.some((item) => item.role === role),
        role,
      ).toBe(true);
    expect(() => parseSystemPackages('packages=(\n  chromium\n)\n')).toThrow(/expected "name # /);
  });

  it("that the app itself uses are named in README.md's quick start", () => {
    const readme = readFileSync(path.join(root, 'README.md'), 'utf8');
    const quickStart = readme.slice(
      readme.indexOf('## Quick start'),
      readme.indexOf('\n## ', readme.indexOf('## Quick start') + 1),
    );
    for (const item of packages.filter((entry) => entry.role !== 'tests'))
      expect(quickStart, item.name).toContain(`\`${item.name}\``);
  });
});
