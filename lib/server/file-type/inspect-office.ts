import yauzl, { type Entry, type ZipFile } from 'yauzl';
import { AppError } from '@/lib/errors';
import { DEFAULT_ZIP_LIMITS, MACRO_CONTENT_TYPE, MACRO_PART, NESTED_ARCHIVE, type TZipLimits } from './zip-limits';

/** Parts whose text we read to look for declared macro content. */
const DECLARATIONS = new Set(['[Content_Types].xml', 'META-INF/manifest.xml']);
const MAX_DECLARATION_BYTES = 1024 * 1024;

export type TOfficeInspection = { entries: number; totalUncompressed: number };

const bomb = (detail: string) => new AppError('UNSAFE_FILE', `The document looks like a zip bomb: ${detail}.`);
const macros = (detail: string) =>
  new AppError('UNSAFE_FILE', `The document contains macros or active content, which we do not accept (${detail}).`);

function checkEntry(entry: Entry, limits: TZipLimits): void {
  const name = entry.fileName;
  if (entry.isEncrypted()) throw new AppError('ENCRYPTED_FILE', 'The document is password-protected.');
  if (MACRO_PART.test(name)) throw macros(name);
  if (NESTED_ARCHIVE.test(name))
    throw new AppError('UNSAFE_FILE', `The document holds another archive inside it (${name}).`);
  const ratio = entry.uncompressedSize / Math.max(1, entry.compressedSize);
  if (entry.uncompressedSize > limits.ratioFloor && ratio > limits.maxRatio) {
    throw bomb(`${name} inflates ${Math.round(ratio)}× (at most ${limits.maxRatio}× allowed)`);
  }
}

/** Inflates an entry and throws it away, so a lying size header is caught (yauzl validates sizes). */
async function drain(zip: ZipFile, entry: Entry, keep: boolean): Promise<string> {
  const stream = await zip.openReadStreamPromise(entry);
  const kept: Buffer[] = [];
  let size = 0;
  try {
    for await (const chunk of stream as AsyncIterable<Buffer>) {
      size += chunk.length;
      if (keep && size <= MAX_DECLARATION_BYTES) kept.push(chunk);
    }
  } catch (error) {
    // yauzl stops a part that inflates past the size its header declared.
    if (/too many bytes/i.test(String((error as Error).message)))
      throw bomb(`${entry.fileName} inflates beyond its declared size`);
    throw error;
  }
  return Buffer.concat(kept).toString('utf8');
}

async function openZip(file: string): Promise<ZipFile> {
  try {
    return await yauzl.openPromise(file, {
      lazyEntries: true,
      autoClose: false,
      validateEntrySizes: true,
      strictFileNames: true,
    });
  } catch (cause) {
    throw new AppError('CORRUPT_FILE', 'The document is not a readable ZIP package.', { cause });
  }
}

/**
 * Checks an OOXML or OpenDocument package without writing any part to disk:
 * first the central directory (entry count, declared sizes and ratios, nested
 * archives, macro parts), then every part is inflated and discarded to prove
 * the declared sizes true, and the content-type declarations are read for
 * macro content.
 */
export async function inspectOfficePackage(
  file: string,
  limits: TZipLimits = DEFAULT_ZIP_LIMITS,
): Promise<TOfficeInspection> {
  const zip = await openZip(file);
  try {
    if (zip.entryCount > limits.maxEntries) throw bomb(`${zip.entryCount} parts (at most ${limits.maxEntries})`);
    const entries: Entry[] = [];
    let total = 0;
    for await (const entry of zip.eachEntry()) {
      checkEntry(entry, limits);
      total += entry.uncompressedSize;
      if (total > limits.maxTotalUncompressed) {
        throw bomb(`more than ${Math.round(limits.maxTotalUncompressed / 1024 / 1024)} MB once unpacked`);
      }
      entries.push(entry);
    }
    for (const entry of entries) {
      const text = await drain(zip, entry, DECLARATIONS.has(entry.fileName));
      const declared = text.match(MACRO_CONTENT_TYPE);
      if (declared) throw macros(`${entry.fileName} declares ${declared[0]}`);
    }
    return { entries: entries.length, totalUncompressed: total };
  } catch (error) {
    if (error instanceof AppError) throw error;
    throw new AppError('CORRUPT_FILE', 'The document package is damaged.', { cause: error });
  } finally {
    zip.close();
  }
}
