// List answers of GET /lockers, /lockers/providers and /parcels in the envelope a choice names
// (§4.2, §4.8: envelope and pagination not shown; §8: page size limits not shown).
import type { ReferenceChoices } from './choices';
import { badRequest } from './errors';
import type { FaultName } from './faults';
import { pageWindow } from './faults/behaviour/locker-list';

/** The fault switches of the app a list is answered for (fault se-page-window-one-based). */
type Switches = { fault(name: FaultName): boolean };

/** A whole number of at least `min` from the query, or the fallback when the parameter is absent. */
function pageParameter(query: URLSearchParams, name: string, min: number, fallback: number): number {
  const raw = query.get(name);
  if (raw === null) return fallback;
  if (!/^\d+$/.test(raw) || Number(raw) < min || !Number.isSafeInteger(Number(raw))) {
    throw badRequest(
      'VALIDATION_FAILED',
      `query parameter ${name} must be a whole number of at least ${min}, got "${raw}"`,
    );
  }
  return Number(raw);
}

type Paging = Pick<ReferenceChoices, 'pageSize' | 'maxPageSize'>;

// Pages count from 0 and hold `pageSize` records unless `size` asks for another number, oldest first: a
// `size` above maxPageSize is clamped, as Spring Data's max page size does, and a page past the last is
// empty rather than an error. Only the page's records are turned into their answer form: a staging of
// thousands of records pays for the page it answers, not for the whole list.
function paged<T>(
  items: readonly T[],
  query: URLSearchParams,
  paging: Paging,
  view: (item: T) => unknown,
  app?: Switches,
): object {
  const page = pageParameter(query, 'page', 0, 0);
  const most = Math.max(paging.maxPageSize ?? paging.pageSize, 1);
  const size = Math.min(pageParameter(query, 'size', 1, paging.pageSize), most);
  // Fault se-page-window-one-based: the offset taken as if pages counted from 1.
  const start = Math.min(pageWindow(app, page) * size, items.length);
  return {
    items: items.slice(start, start + size).map(view),
    page,
    size,
    totalPages: Math.ceil(items.length / size),
    totalElements: items.length,
  };
}

/** Spring Data's page (its PagedModel since 3.3): the same window as `paged`, its counts under `page`. */
function spring<T>(
  items: readonly T[],
  query: URLSearchParams,
  paging: Paging,
  view: (item: T) => unknown,
  app?: Switches,
): object {
  const {
    items: content,
    page,
    size,
    totalPages,
    totalElements,
  } = paged(items, query, paging, view, app) as {
    items: unknown[];
    page: number;
    size: number;
    totalPages: number;
    totalElements: number;
  };
  return { content, page: { size, number: page, totalElements, totalPages } };
}

/** The answer body for the records, oldest first; `view` gives each listed record its answer form. */
export function listBody<T>(
  choices: Pick<ReferenceChoices, 'listEnvelope' | 'pageSize' | 'maxPageSize'>,
  items: readonly T[],
  query: URLSearchParams,
  view: (item: T) => unknown = (item) => item,
  app?: Switches,
): unknown {
  if (choices.listEnvelope === 'array') return items.map(view);
  if (choices.listEnvelope === 'content')
    return { content: items.map(view), page: { number: 0, size: items.length, totalElements: items.length } };
  if (choices.listEnvelope === 'spring') return spring(items, query, choices, view, app);
  return paged(items, query, choices, view, app);
}
