// The Debian packages scripts/install-system-deps.sh installs, read from that
// script so its list stays the only one, each with what it is for.
import { readFileSync } from 'node:fs';
import path from 'node:path';

export const installScript = path.resolve(import.meta.dirname, '..', 'install-system-deps.sh');

/** `office`: LibreOffice and its fonts; `office-sandbox`: bubblewrap; `tests`: only `npm test` needs them. */
export const PACKAGE_ROLES = ['tests', 'office', 'office-sandbox'] as const;
export type TPackageRole = (typeof PACKAGE_ROLES)[number];

export type TSystemPackage = { name: string; role: TPackageRole; purpose: string };

/** The `packages=( … )` array, one `name # role: purpose` a line; anything else in it is a mistake worth stopping on. */
export function parseSystemPackages(script: string): TSystemPackage[] {
  const body = /^packages=\(\n([\s\S]*?)^\)/m.exec(script)?.[1];
  if (body === undefined) throw new Error(`${installScript}: no packages=( … ) list`);
  return body
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map((line) => {
      const match = /^\s*([a-z0-9][a-z0-9+.-]*)\s+#\s*([a-z-]+):\s*(.+?)\s*$/.exec(line);
      const role = match?.[2] as TPackageRole | undefined;
      if (!match?.[1] || !match[3] || !role || !PACKAGE_ROLES.includes(role)) {
        throw new Error(
          `${installScript}: expected "name # ${PACKAGE_ROLES.join('|')}: purpose", not "${line.trim()}"`,
        );
      }
      return { name: match[1], role, purpose: match[3] };
    });
}

export function systemPackages(): TSystemPackage[] {
  return parseSystemPackages(readFileSync(installScript, 'utf8'));
}

export function packagesFor(packages: readonly TSystemPackage[], ...roles: TPackageRole[]): string[] {
  return packages.filter((item) => roles.includes(item.role)).map((item) => item.name);
}

/** The one command an operator runs to add packages (apt skips those already installed). */
export function aptInstall(names: readonly string[]): string {
  return `sudo apt-get install --no-install-recommends ${names.join(' ')}`;
}
