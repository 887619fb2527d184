// List answers of GET /lockers, /lockers/providers and /parcels in the envelope a choice names
// (§4.2, §4.8: envelope and pagination not shown; §8: page size limits not shown).
import { MAX_PAGE_SIZE, type ReferenceChoices } from './choices';
import { badRequest } from './errors';

/** A whole number of at least `min` from the query, or the fallback when the parameter is absent. */
function pageParameter(query: URLSearchParams, name: string, min: number, fallback: number): number {
  const raw = query.get(name);
  if (raw === null) return fallback;
  if (!/^\d+$/.test(raw) || Number(raw) < min || !Number.isSafeInteger(Number(raw))) {
    throw badRequest('VALIDATION_FAILED', `query parameter ${name} must be a whole number of at least ${min}, got "${raw}"`);
  }
  return Number(raw);
}

// Pages count from 0 and hold at most MAX_PAGE_SIZE records, oldest first: a bigger `size` is clamped,
// as Spring Data's max page size does, and a page past the last is empty rather than an error.
function paged(items: unknown[], query: URLSearchParams): object {
  const page = pageParameter(query, 'page', 0, 0);
  const size = Math.min(pageParameter(query, 'size', 1, MAX_PAGE_SIZE), MAX_PAGE_SIZE);
  const start = Math.min(page * size, items.length);
  return {
    items: items.slice(start, start + size),
    page,
    size,
    totalPages: Math.ceil(items.length / size),
    totalElements: items.length,
  };
}

/** The answer body for the records, oldest first. */
export function listBody(envelope: ReferenceChoices['listEnvelope'], items: unknown[], query: URLSearchParams): unknown {
  if (envelope === 'array') return items;
  if (envelope === 'content') return { content: items, page: { number: 0, size: items.length, totalElements: items.length } };
  return paged(items, query);
}
