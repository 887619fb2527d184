// A certificate read back: a conformance.json this harness wrote, given as the file or the report
// directory holding it. Anything else (another tool's JSON, a truncated file, a directory without
// one) is one error naming the file and what is wrong, never a stack trace.
import { readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';

/** The parts of conformance.json a comparison reads. */
export interface CertificateFile {
  path: string;
  header: {
    date?: string;
    specVersion?: string;
    openapiDigest?: string;
    rulesDigest?: string;
    target?: string;
    baseUrl?: string;
  };
  summary: {
    verdict: string;
    line?: string;
    scope?: { outOfScope?: { id: string }[]; notObservable?: { id: string }[] };
  };
  rules: { id: string; level: string; verdict: string; failure?: string; reasons?: string[] }[];
}

export class CertificateFileError extends Error {}

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** Reads and checks a certificate; throws a CertificateFileError with one line to show. */
export function readCertificate(given: string): CertificateFile {
  let path = given;
  try {
    if (statSync(given).isDirectory()) path = join(given, 'conformance.json');
  } catch {
    throw new CertificateFileError(
      `${given}: no such file or directory; give a conformance.json, or the report directory holding one`,
    );
  }
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch {
    throw new CertificateFileError(
      `${path}: cannot be read; give a conformance.json, or the report directory holding one`,
    );
  }
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch (error) {
    throw new CertificateFileError(
      `${path} is not JSON (${(error as Error).message}); a truncated or half-written certificate? Use the ` +
        `conformance.json a finished run wrote`,
    );
  }
  const rules = isObject(data) ? data['rules'] : undefined;
  const summary = isObject(data) ? data['summary'] : undefined;
  const header = isObject(data) ? data['header'] : undefined;
  const wellFormed =
    isObject(header) &&
    typeof header['specVersion'] === 'string' &&
    isObject(summary) &&
    typeof summary['verdict'] === 'string' &&
    Array.isArray(rules) &&
    rules.every(
      (r) =>
        isObject(r) &&
        typeof r['id'] === 'string' &&
        typeof r['verdict'] === 'string' &&
        typeof r['level'] === 'string',
    );
  if (!wellFormed) {
    throw new CertificateFileError(
      `${path} is not a carrier-conformance certificate (it needs header.specVersion, summary.verdict and ` +
        `rules[] with id, level and verdict); give the conformance.json of a run`,
    );
  }
  return { path, ...(data as Omit<CertificateFile, 'path'>) };
}
