// The few lines `npm start` prints once the server answers: each optional
// capability on or off, and for each one that is off the one command or
// setting that turns it on (docs/configuration.md has the details).
import type { TEnv } from '../../lib/env';
import type { TOfficeStatus } from '../../lib/server/office/office-status';
import { aptInstall, packagesFor, systemPackages, type TSystemPackage } from './system-packages';

export type TSummaryInput = {
  office: TOfficeStatus;
  env: Pick<TEnv, 'SMTP_URL' | 'TSA_URL' | 'SIGNER_OIDC_ISSUER' | 'dataDir' | 'dkim'>;
  /** The local identity provider stands in for the signers' eID (scripts/lib/local-idp.ts). */
  localEid: boolean;
  packages: readonly TSystemPackage[];
};

function officeLine({ office, packages }: TSummaryInput): string {
  if (office.ok) return 'on';
  const sandboxMissing = !office.sandbox.ok && office.sandbox.notInstalled === true;
  if (!office.libreoffice || sandboxMissing) {
    const roles = [
      ...(office.libreoffice ? [] : (['office'] as const)),
      ...(sandboxMissing ? (['office-sandbox'] as const) : []),
    ];
    return `off: ${aptInstall(packagesFor(packages, ...roles))}`;
  }
  const reason = office.sandbox.ok ? '' : office.sandbox.reason;
  return `off: bubblewrap cannot set up its sandbox (${reason}); allow unprivileged user namespaces or run as root (docs/uploads.md, "The conversion sandbox")`;
}

/** Host (and port) only: SMTP_URL may carry a password. */
function hostOf(url: string): string {
  return new URL(url).host;
}

export function summaryLines(input: TSummaryInput): string[] {
  const { env } = input;
  const rows: [string, string][] = [
    ['office conversion', officeLine(input)],
    [
      'mail',
      env.SMTP_URL
        ? `on: SMTP via ${hostOf(env.SMTP_URL)}${env.dkim ? ', DKIM-signed' : ''}`
        : `off: written to ${env.dataDir}/outbox, not sent; set SMTP_URL=smtp://user:pass@host:587`,
    ],
    [
      'timestamps',
      env.TSA_URL
        ? `on: ${hostOf(env.TSA_URL)}, seals are PAdES B-LTA`
        : 'off: seals are PAdES B-B; set TSA_URL to an RFC 3161 time-stamp authority',
    ],
    [
      'signer eID',
      env.SIGNER_OIDC_ISSUER
        ? `on: ${hostOf(env.SIGNER_OIDC_ISSUER)}`
        : input.localEid
          ? 'on: the local identity provider stands in (demo accounts); set SIGNER_OIDC_ISSUER for a real eID'
          : 'off: set SIGNER_OIDC_ISSUER, SIGNER_OIDC_CLIENT_ID and SIGNER_OIDC_CLIENT_SECRET',
    ],
  ];
  const width = Math.max(...rows.map(([label]) => label.length));
  return [
    'optional capabilities (docs/configuration.md):',
    ...rows.map(([label, state]) => `  ${label.padEnd(width)}  ${state}`),
  ];
}

/** Checks what is installed (the office check is the one conversions use) and words it. */
export async function startSummary(env: TEnv, options: { localEid: boolean }): Promise<string[]> {
  const { officeConversionStatus } = await import('../../lib/server/office/office-status');
  const office = await officeConversionStatus(env.OFFICE_SANDBOX_BWRAP);
  return summaryLines({ office, env, localEid: options.localEid, packages: systemPackages() });
}
