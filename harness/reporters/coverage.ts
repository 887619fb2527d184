// How much of the contract the run touched, from the exchanges it recorded: the operations called, the
// documented statuses seen, the request schemas' members, enum values and nulls sent in requests the
// target accepted and in requests it refused, and the webhooks delivered. Verdicts say what held; this
// says where the run never looked. Pure functions over plain records, tested without a run.
import { documentedResponse, operations, webhooks } from '../../spec/operations';
import { resolveSchema } from '../../spec/schemas';
import type { JsonSchema } from '../../spec/document';
import type { PlaceCoverage } from '../verdict/places';

export interface CoverageExchange {
  operationId: string;
  status: number;
  /** The request body as sent. */
  requestText?: string;
}

/** How often a keyword was sent in an accepted (2xx) and in a refused request. */
export interface Uses {
  accepted: number;
  refused: number;
}

export interface OperationCoverage {
  calls: number;
  /** Status → answers. */
  statusesSeen: Record<string, number>;
  /** The document's response codes (201, 4XX, …) an answer fell under, and those none did. */
  documentedSeen: string[];
  documentedNotSeen: string[];
  /** Statuses no documented response covers. */
  undocumented: number[];
}

export interface SchemaCoverage {
  operations: string[];
  /** JSON pointer → uses; `*` stands for any item of an array. */
  members: Record<string, Uses>;
  /** JSON pointer → enum value → uses. */
  enumValues: Record<string, Record<string, Uses>>;
  /** JSON pointer of a member that allows null → uses of null there. */
  nulls: Record<string, Uses>;
  /** What the schema declares that no request sent: pointers, `pointer=value` and `pointer=null`. */
  notExercised: string[];
}

export interface Tally {
  exercised: number;
  of: number;
}

export interface CoverageHeadline {
  operations: Tally;
  statuses: Tally;
  /** Members, enum values and nulls of the request schemas sent in any request; and how many in accepted, in refused
   * ones. */
  schemaKeywords: Tally & { byAccepted: number; byRefused: number; members: Tally; enumValues: Tally; nulls: Tally };
  webhooks: Tally;
}

export interface Coverage {
  headline: CoverageHeadline;
  operations: Record<string, OperationCoverage>;
  requestSchemas: Record<string, SchemaCoverage>;
  webhooks: Record<string, { deliveries: number }>;
  /** The rule × place matrix (places.ts): where each rule was judged against where it holds. Added once the verdicts
   * are known. */
  places?: PlaceCoverage;
}

const MAX_DEPTH = 10;
const isObject = (v: unknown): v is Record<string, unknown> => v !== null && typeof v === 'object' && !Array.isArray(v);
const escapeToken = (name: string) => name.replace(/~/g, '~0').replace(/\//g, '~1');
const nullable = (schema: JsonSchema) =>
  (Array.isArray(schema['type']) ? (schema['type'] as unknown[]) : [schema['type']]).includes('null');

/**
 * The schema's members, enum values and nulls, each visited with the value a body holds there (undefined
 * when it holds none). One walk serves both: with no body it lists what the schema declares.
 */
function walk(
  raw: JsonSchema,
  value: unknown,
  pointer: string,
  visit: (kind: 'member' | 'enum' | 'null', pointer: string, sent: boolean, enumValue?: string) => void,
  depth = 0,
): void {
  if (depth > MAX_DEPTH) return;
  const schema = resolveSchema(raw);
  if (pointer && nullable(schema)) visit('null', pointer, value === null);
  for (const option of (schema['enum'] as unknown[] | undefined) ?? [])
    visit('enum', pointer, value === option, String(option));
  const properties = schema['properties'] as Record<string, JsonSchema> | undefined;
  for (const [name, sub] of Object.entries(properties ?? {})) {
    const member = isObject(value) ? value[name] : undefined;
    visit('member', `${pointer}/${escapeToken(name)}`, member !== undefined);
    walk(sub, member, `${pointer}/${escapeToken(name)}`, visit, depth + 1);
  }
  const items = schema['items'] as JsonSchema | undefined;
  if (items) {
    // Every item is walked; with none, the walk still lists what an item declares.
    const values = Array.isArray(value) && value.length ? value : [undefined];
    for (const item of values) walk(items, item, `${pointer}/*`, visit, depth + 1);
  }
}

/** A request the target accepted, refused for what it said, or neither (401/403 are about the key, 404 the path, 429
 * pacing). */
function outcome(status: number): keyof Uses | undefined {
  if (status >= 200 && status < 300) return 'accepted';
  if (status >= 400 && status < 500 && ![401, 403, 404, 429].includes(status)) return 'refused';
  return undefined;
}

function parse(text: string | undefined): unknown {
  if (text === undefined) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

const tally = (exercised: number, of: number): Tally => ({ exercised, of });
const used = (u: Uses) => u.accepted + u.refused > 0;

function schemaCoverage(name: string, ops: string[], bodies: { body: unknown; as: keyof Uses }[]): SchemaCoverage {
  const coverage: SchemaCoverage = { operations: ops, members: {}, enumValues: {}, nulls: {}, notExercised: [] };
  const root: JsonSchema = { $ref: `#/components/schemas/${name}` };
  const slot = (kind: 'member' | 'enum' | 'null', pointer: string, enumValue?: string): Uses => {
    if (kind === 'member') return (coverage.members[pointer] ??= { accepted: 0, refused: 0 });
    if (kind === 'null') return (coverage.nulls[pointer] ??= { accepted: 0, refused: 0 });
    return ((coverage.enumValues[pointer] ??= {})[enumValue!] ??= { accepted: 0, refused: 0 });
  };
  walk(root, undefined, '', (kind, pointer, _sent, enumValue) => void slot(kind, pointer, enumValue));
  for (const { body, as } of bodies) {
    // A keyword counts once per request, however many array items sent it.
    const hits = new Set<Uses>();
    walk(root, body, '', (kind, pointer, sent, enumValue) => void (sent && hits.add(slot(kind, pointer, enumValue))));
    for (const uses of hits) uses[as] += 1;
  }
  coverage.notExercised = [
    ...Object.entries(coverage.members)
      .filter(([, u]) => !used(u))
      .map(([p]) => p),
    ...Object.entries(coverage.enumValues).flatMap(([p, values]) =>
      Object.entries(values)
        .filter(([, u]) => !used(u))
        .map(([v]) => `${p}=${v}`),
    ),
    ...Object.entries(coverage.nulls)
      .filter(([, u]) => !used(u))
      .map(([p]) => `${p}=null`),
  ];
  return coverage;
}

export function contractCoverage(exchanges: CoverageExchange[], deliveries: { kind?: string }[]): Coverage {
  const ops: Record<string, OperationCoverage> = {};
  for (const op of operations) {
    const mine = exchanges.filter((e) => e.operationId === op.operationId);
    const statusesSeen: Record<string, number> = {};
    for (const e of mine) statusesSeen[e.status] = (statusesSeen[e.status] ?? 0) + 1;
    const statuses = Object.keys(statusesSeen).map(Number);
    const fellUnder = new Set(statuses.map((s) => documentedResponse(op, s)?.code).filter((c): c is string => !!c));
    ops[op.operationId] = {
      calls: mine.length,
      statusesSeen,
      documentedSeen: op.responses.map((r) => r.code).filter((c) => fellUnder.has(c)),
      documentedNotSeen: op.responses.map((r) => r.code).filter((c) => !fellUnder.has(c)),
      undocumented: statuses.filter((s) => !documentedResponse(op, s)),
    };
  }

  const schemas: Record<string, SchemaCoverage> = {};
  for (const name of [...new Set(operations.flatMap((op) => (op.requestSchema ? [op.requestSchema] : [])))]) {
    const ids = operations.filter((op) => op.requestSchema === name).map((op) => op.operationId);
    const bodies = exchanges
      .filter((e) => ids.includes(e.operationId))
      .flatMap((e) => {
        const as = outcome(e.status);
        const body = parse(e.requestText);
        return as && body !== undefined ? [{ body, as }] : [];
      });
    schemas[name] = schemaCoverage(name, ids, bodies);
  }

  const hooks: Record<string, { deliveries: number }> = {};
  for (const w of webhooks) hooks[w.name] = { deliveries: deliveries.filter((d) => d.kind === w.name).length };

  const all = Object.values(schemas);
  const count = (pick: (s: SchemaCoverage) => Uses[], test: (u: Uses) => boolean = () => true) =>
    all.flatMap(pick).filter(test).length;
  const members = (s: SchemaCoverage) => Object.values(s.members);
  const enums = (s: SchemaCoverage) => Object.values(s.enumValues).flatMap((v) => Object.values(v));
  const nulls = (s: SchemaCoverage) => Object.values(s.nulls);
  const every = (s: SchemaCoverage) => [...members(s), ...enums(s), ...nulls(s)];
  const documented = Object.values(ops).reduce((n, o) => n + o.documentedSeen.length + o.documentedNotSeen.length, 0);
  return {
    headline: {
      operations: tally(Object.values(ops).filter((o) => o.calls > 0).length, operations.length),
      statuses: tally(
        Object.values(ops).reduce((n, o) => n + o.documentedSeen.length, 0),
        documented,
      ),
      schemaKeywords: {
        ...tally(count(every, used), count(every)),
        byAccepted: count(every, (u) => u.accepted > 0),
        byRefused: count(every, (u) => u.refused > 0),
        members: tally(count(members, used), count(members)),
        enumValues: tally(count(enums, used), count(enums)),
        nulls: tally(count(nulls, used), count(nulls)),
      },
      webhooks: tally(Object.values(hooks).filter((h) => h.deliveries > 0).length, webhooks.length),
    },
    operations: ops,
    requestSchemas: schemas,
    webhooks: hooks,
  };
}

/** The part of the coverage conformance.json carries: the headline and what was never seen. */
export function coverageSummary(coverage: Coverage): CoverageHeadline & {
  operationsNotExercised: string[];
  documentedStatusesNotSeen: Record<string, string[]>;
  details: string;
} {
  const ops = Object.entries(coverage.operations);
  return {
    ...coverage.headline,
    operationsNotExercised: ops.filter(([, o]) => o.calls === 0).map(([id]) => id),
    documentedStatusesNotSeen: Object.fromEntries(
      ops.filter(([, o]) => o.documentedNotSeen.length).map(([id, o]) => [id, o.documentedNotSeen]),
    ),
    details: 'coverage.json',
  };
}

const MAX_LISTED = 12;

function listed(items: string[]): string {
  if (!items.length) return '—';
  const shown = items
    .slice(0, MAX_LISTED)
    .map((i) => `\`${i}\``)
    .join(', ');
  return items.length > MAX_LISTED ? `${shown} and ${items.length - MAX_LISTED} more` : shown;
}

const of = (t: Tally) => `${t.exercised} of ${t.of}`;

/** The section conformance.md ends with. */
export function coverageMarkdown(coverage: Coverage): string {
  const { headline: h } = coverage;
  const k = h.schemaKeywords;
  const schemaCount = (s: SchemaCoverage, kind: 'members' | 'enumValues' | 'nulls') => {
    const uses =
      kind === 'enumValues' ? Object.values(s.enumValues).flatMap((v) => Object.values(v)) : Object.values(s[kind]);
    return `${uses.filter(used).length} of ${uses.length}`;
  };
  return [
    '',
    '## Contract coverage',
    '',
    'What the requests of the run touched (every count in `coverage.json`; every exchange in `exchanges.har`).',
    '',
    `- **Operations exercised:** ${of(h.operations)}`,
    `- **Documented statuses seen:** ${of(h.statuses)}`,
    `- **Request schema keywords exercised:** ${of(k)} — members ${of(k.members)}, enum values ` +
      `${of(k.enumValues)}, nulls ${of(k.nulls)}; ${k.byAccepted} in accepted requests, ${k.byRefused} in ` +
      `refused ones`,
    `- **Webhooks delivered:** ${of(h.webhooks)} (${Object.entries(coverage.webhooks)
      .map(([name, w]) => `${name} ${w.deliveries}`)
      .join(', ')})`,
    '',
    '| operation | calls | statuses seen | documented, never seen |',
    '|---|---|---|---|',
    ...Object.entries(coverage.operations).map(
      ([id, o]) =>
        `| ${id} | ${o.calls} | ${
          Object.entries(o.statusesSeen)
            .map(([s, n]) => `${s}×${n}`)
            .join(', ') || '—'
        } | ${o.documentedNotSeen.join(', ') || '—'} |`,
    ),
    '',
    '| request schema | members | enum values | nulls | never sent |',
    '|---|---|---|---|---|',
    ...Object.entries(coverage.requestSchemas).map(
      ([name, s]) =>
        `| ${name} | ${schemaCount(s, 'members')} | ${schemaCount(s, 'enumValues')} | ` +
        `${schemaCount(s, 'nulls')} | ${listed(s.notExercised)} |`,
    ),
    '',
  ].join('\n');
}
