// pdf-lib tells the console, several lines per file, what it skips or repairs
// while parsing a damaged PDF. In a server log that is noise about a user's
// file, whose outcome (accepted, repaired or refused) is answered and logged
// anyway; every other warning still reaches the log.
const PARSER_NOISE = [
  /^Trying to parse invalid object: /,
  /^Invalid object ref: /,
  /^Removing parsed object: /,
  /^Parsed number that is too large for some PDF readers: /,
];

export function isPdfParserNoise(args: readonly unknown[]): boolean {
  const [first] = args;
  return args.length === 1 && typeof first === 'string' && PARSER_NOISE.some((pattern) => pattern.test(first));
}

const quieted = new WeakSet<Console>();

/** Drops pdf-lib's parser notes from `target.warn` (the worker threads that parse untrusted PDFs call it once). */
export function quietPdfParser(target: Console = console): void {
  if (quieted.has(target)) return;
  quieted.add(target);
  const warn = target.warn.bind(target);
  target.warn = (...args: unknown[]) => {
    if (!isPdfParserNoise(args)) warn(...args);
  };
}
