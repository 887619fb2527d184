// A run against a baseline: the comparison of this run's certificate with the earlier one, as the
// block conformance.json, the Markdown and the page carry. The verdict stays what it is; the gate is a
// second line beside it, and decides the exit code only with --gate baseline.
import { CertificateFileError, readCertificate, type CertificateFile } from './certificate-file';
import { compareCertificates, gateLine, type RuleChange } from './compare';

export interface BaselineBlock {
  file: string;
  /** When the baseline's run was made. */
  date?: string;
  baselineLine?: string;
  passed: boolean;
  line: string;
  regressions: string[];
  known: string[];
  fixed: string[];
  notes: string[];
  changes: RuleChange[];
}

/** The block for this run against the baseline file; a baseline that cannot be read any more fails the gate, naming
 * why. */
export function baselineBlock(file: string, run: Omit<CertificateFile, 'path'>): BaselineBlock {
  let baseline: CertificateFile;
  try {
    baseline = readCertificate(file);
  } catch (error) {
    if (!(error instanceof CertificateFileError)) throw error;
    return {
      file,
      passed: false,
      line: `gate: failed — the baseline could not be read: ${error.message}`,
      regressions: [],
      known: [],
      fixed: [],
      notes: [],
      changes: [],
    };
  }
  const comparison = compareCertificates(baseline, { path: 'this run', ...run });
  return {
    file,
    ...(baseline.header.date ? { date: baseline.header.date } : {}),
    ...(baseline.summary.line ? { baselineLine: baseline.summary.line } : {}),
    passed: comparison.regressions.length === 0,
    line: gateLine(comparison),
    regressions: comparison.regressions,
    known: comparison.known,
    fixed: comparison.fixed,
    notes: comparison.notes,
    changes: comparison.changes,
  };
}
