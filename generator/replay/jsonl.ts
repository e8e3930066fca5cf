/** One line of a JSON-lines file that could not be used, with its 1-based number and why. */
export interface LineProblem {
  readonly line: number;
  readonly reason: string;
}

/** `line 12: not JSON (Unexpected token …)`: a problem as printed for the operator. */
export function describeProblem(problem: LineProblem): string {
  return `line ${problem.line}: ${problem.reason}`;
}

/**
 * One line of a JSON-lines file as a value, `'blank'` for an empty line (ignored), or the problem.
 * A byte-order mark on the first line and a trailing `\r` are tolerated.
 */
export function parseJsonLine(text: string, line: number): { value: unknown } | 'blank' | LineProblem {
  const trimmed = (line === 1 ? text.replace(/^\uFEFF/, '') : text).trim();
  if (trimmed === '') return 'blank';
  try {
    return { value: JSON.parse(trimmed) };
  } catch {
    // The parser's message quotes the line: untrusted text, kept out of the report.
    return { line, reason: 'not JSON' };
  }
}

/** Counts of the lines of one file: used, skipped, and the first problem met (null when none). */
export interface LineTally {
  used: number;
  skipped: number;
  firstProblem: LineProblem | null;
}

/** A fresh tally. */
export function emptyTally(): LineTally {
  return { used: 0, skipped: 0, firstProblem: null };
}

/** Records a skipped line (or item) in `tally`, keeping the first problem. */
export function skip(tally: LineTally, problem: LineProblem): void {
  tally.skipped += 1;
  tally.firstProblem ??= problem;
}
