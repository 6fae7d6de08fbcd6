/**
 * Limits that tell an office document from a zip bomb. Real documents stay far
 * below them: a 25 MB .docx holds a few hundred parts and inflates 5–20×.
 */
export type TZipLimits = {
  /** Parts in the archive. */
  maxEntries: number;
  /** Sum of every part's inflated size, in bytes. */
  maxTotalUncompressed: number;
  /** Inflated / compressed size of one part, checked for parts above ratioFloor bytes. */
  maxRatio: number;
  ratioFloor: number;
};

export const DEFAULT_ZIP_LIMITS: TZipLimits = {
  maxEntries: 5000,
  maxTotalUncompressed: 200 * 1024 * 1024,
  maxRatio: 100,
  ratioFloor: 1024 * 1024,
};

// Archives inside the archive: a classic way to hide a bomb one level down.
// Office files embed other office files (charts keep their data in an .xlsx);
// we refuse those too rather than inspect recursively.
export const NESTED_ARCHIVE =
  /\.(zip|jar|rar|7z|gz|tgz|bz2|xz|tar|cab|docx|docm|xlsx|xlsm|xlsb|pptx|pptm|odt|ods|odp|odg)$/i;

// Parts that hold macros or active content: VBA projects, ActiveX controls,
// OpenDocument Basic and script libraries.
export const MACRO_PART =
  /(^|\/)(vbaProject\.bin|vbaProjectSignature\.bin|vbaData\.xml)$|(^|\/)activeX\/|^(Basic|Scripts)\//i;

// Content types that declare the same, read from [Content_Types].xml or the ODF manifest.
export const MACRO_CONTENT_TYPE =
  /vbaProject|activeX|vnd\.ms-office\.vba|application\/vnd\.sun\.star\.basic|text\/x-basic/i;
