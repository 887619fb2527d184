// The rule × place matrix both reports show: each rule's places (each operation and webhook of its
// concerns, each form) with where it stands, the gaps of must rules first.
import type { ConformanceReport } from './report-shape';
import type { RuleVerdict } from '../verdict/verdicts';
import type { PlaceVerdict } from '../verdict/places';
import { LEVEL_ORDER } from './report-view';

/** How a place of a rule reads in the matrix: where it stands, in the order a reader looks for gaps. */
export const PLACE_STATES = [
  'not judged',
  'out of scope',
  'failed',
  'judged',
  'not provokable',
  'set-up',
  'elsewhere',
] as const;
export type PlaceState = (typeof PLACE_STATES)[number];

export interface PlaceCell {
  place: string;
  state: PlaceState;
  evaluations: number;
  failed: number;
  reason?: string;
}

export interface PlaceRow {
  id: string;
  level: RuleVerdict['level'];
  /** Not judged first, then out of scope, failed, judged; set-ups and places the concerns do not name last. */
  cells: PlaceCell[];
}

function placeState(p: PlaceVerdict, ruleOutOfScope: boolean): PlaceState {
  if (p.concerned === false) return 'elsewhere';
  if (p.setUp) return 'set-up';
  if (p.evaluations > 0) return p.failed > 0 ? 'failed' : 'judged';
  if (p.unprovokable) return 'not provokable';
  return p.outOfScope || ruleOutOfScope ? 'out of scope' : 'not judged';
}

/**
 * The rule × place matrix, compact: one row per rule with places, its cells not judged first; rows
 * with a place not judged first (must, should, observe), then the catalogue's order. A rule out of
 * scope has its places out of scope.
 */
export function placeMatrix(report: Pick<ConformanceReport, 'rules' | 'summary'>): PlaceRow[] {
  const out = new Set(report.summary.scope.outOfScope.map((e) => e.id));
  const rows = report.rules
    .filter((r) => r.places.length)
    .map((r) => ({
      id: r.id,
      level: r.level,
      cells: r.places
        .map((p) => ({
          place: p.place,
          state: placeState(p, out.has(r.id)),
          evaluations: p.evaluations,
          failed: p.failed,
          ...(p.reason ? { reason: p.reason } : {}),
        }))
        .sort((a, b) => PLACE_STATES.indexOf(a.state) - PLACE_STATES.indexOf(b.state)),
    }));
  // A must rule's gap first: should and observe rules are shown, never counted (an observation has no place).
  const gap = (row: PlaceRow) =>
    row.cells.some((c) => c.state === 'not judged') ? LEVEL_ORDER.indexOf(row.level) : LEVEL_ORDER.length;
  return rows
    .map((row, i) => ({ row, i }))
    .sort((a, b) => gap(a.row) - gap(b.row) || a.i - b.i)
    .map(({ row }) => row);
}

/** A cell as text: `listLockers 42`, `listParcels 1 of 3 failed`, `updateLocker`, `triggerFirstMileEvent (set-up)`. */
export function placeCellText(cell: PlaceCell): string {
  if (cell.state === 'set-up' || cell.state === 'not provokable') return `${cell.place} (${cell.state})`;
  if (cell.evaluations === 0) return cell.place;
  return `${cell.place} ${cell.failed ? `${cell.failed} of ${cell.evaluations} failed` : cell.evaluations}`;
}
