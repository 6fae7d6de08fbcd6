export type TBenchRow = { figure: string; value: string; bar: string; ok: boolean };

/** Prints a bench's figures as a table (✗ marks a missed bar) and sets a failing exit code when any bar is missed. */
export function reportBars(name: string, rows: TBenchRow[], valueWidth = 14): void {
  const width = Math.max(...rows.map((row) => row.figure.length));
  for (const row of rows)
    console.log(`${row.ok ? ' ' : '✗'} ${row.figure.padEnd(width)}  ${row.value.padStart(valueWidth)}  ${row.bar}`);
  const missed = rows.filter((row) => !row.ok);
  if (missed.length) {
    console.error(`\nbench ${name}: ${missed.length} bar(s) missed`);
    process.exitCode = 1;
  }
}
