import 'server-only';
import { existsSync } from 'node:fs';
import { sandboxStatus, type TSandboxStatus } from './run-sandboxed';

/**
 * Where the converter's `soffice` is found: the sandbox's PATH is /usr/bin:/bin and its /bin is /usr/bin
 * (sandbox-argv.ts), so a LibreOffice installed anywhere else is out of its sight.
 */
export const SANDBOXED_SOFFICE = '/usr/bin/soffice';

export type TOfficeStatus = { ok: boolean; libreoffice: boolean; sandbox: TSandboxStatus };

/**
 * Whether office uploads can be converted here: LibreOffice installed where
 * the sandbox sees it, and the sandbox itself (the same probe that lets a
 * conversion run or refuses it with 503).
 */
export async function officeConversionStatus(bwrap = 'bwrap', soffice = SANDBOXED_SOFFICE): Promise<TOfficeStatus> {
  const libreoffice = existsSync(soffice);
  const sandbox = await sandboxStatus(bwrap);
  return { ok: libreoffice && sandbox.ok, libreoffice, sandbox };
}
