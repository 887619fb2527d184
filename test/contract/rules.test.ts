import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { catalogue, FORMS, NEEDS, placesOf, type Rule, type Source } from '../../spec/catalogue';
import { loadOpenApi } from '../../spec/document';

const ROOT = join(__dirname, '..', '..');
const LEVELS = ['must', 'should', 'observe'];
const sourcesOf = (rule: Rule): Source[] =>
  rule.source === undefined ? [] : Array.isArray(rule.source) ? rule.source : [rule.source];
/** Runs of whitespace as one space: the markdown may wrap lines; pipes stay, so a quote lies within one cell. */
const collapse = (text: string) => text.replace(/\s+/g, ' ').trim();

const doc = loadOpenApi();
const operationIds = Object.values(doc.paths ?? {}).flatMap((item) =>
  Object.values(item ?? {}).flatMap((op) =>
    op && typeof op === 'object' && 'operationId' in op ? [op.operationId] : [],
  ),
);
const webhooks = Object.keys(doc.webhooks ?? {});

test('every rule has a stable upper-case id, a section, one statement and a level', () => {
  const ids = catalogue.map((r) => r.id);
  expect(new Set(ids).size).toBe(ids.length);
  for (const rule of catalogue) {
    expect(rule.id).toMatch(/^[A-Z]+(-[A-Z0-9]+)+$/);
    expect(rule.section, rule.id).toBeTruthy();
    expect(rule.statement, rule.id).toMatch(/^[A-Z`a-z].*\.$/);
    expect(LEVELS, rule.id).toContain(rule.level);
    expect(rule.observable, rule.id).toBeTruthy();
  }
});

test('every level is must, should or observe', () => {
  for (const rule of catalogue) expect(LEVELS, rule.id).toContain(rule.level);
  expect(catalogue.filter((r) => r.level === 'must').length).toBeGreaterThan(0);
});

test('every must rule rests on at least one source: a section and a quote of the spec', () => {
  for (const rule of catalogue.filter((r) => r.level === 'must')) {
    const sources = sourcesOf(rule);
    expect(sources.length, `${rule.id} has no source`).toBeGreaterThan(0);
    for (const source of sources) {
      expect(
        typeof source.section === 'string' && source.section.length > 0,
        `${rule.id}: a source without a section`,
      ).toBe(true);
      expect(
        typeof source.quote === 'string' && source.quote.trim().length > 0,
        `${rule.id}: a source without a quote`,
      ).toBe(true);
    }
  }
});

test('every quote occurs in the spec document, word for word', () => {
  const candidates = [
    process.env['CIS_SPEC_DOCUMENT'],
    join(ROOT, '..', 'shared', 'spec', 'carrier-integration-service.md'),
  ];
  const path = candidates.find((p): p is string => !!p && existsSync(p));
  test.skip(!path, 'the spec document is not beside the repository');
  const spec = collapse(readFileSync(path!, 'utf8'));
  const missing = catalogue.flatMap((rule) =>
    sourcesOf(rule)
      .filter((s) => !spec.includes(collapse(s.quote)))
      .map((s) => `${rule.id} §${s.section}: ${s.quote}`),
  );
  expect(missing).toEqual([]);
});

test('every should rule names what it implies and from which section', () => {
  for (const rule of catalogue.filter((r) => r.level === 'should')) {
    expect(rule.section, rule.id).toBeTruthy();
    expect(rule.statement, `${rule.id} does not say what implies it`).toMatch(/\bimplied by\b[^)]*§\s?[0-9]/);
  }
});

test('every rule concerns operations and webhooks the document defines', () => {
  for (const rule of catalogue) {
    for (const name of rule.concerns) expect([...operationIds, ...webhooks], rule.id).toContain(name);
  }
});

test(
  "setUp and unprovokable places are places of the rule's " + 'concerns, each with its reason, and never all of them',
  () => {
    for (const rule of catalogue) {
      for (const key of ['setUp', 'unprovokable'] as const) {
        const map = rule[key];
        if (map === undefined) continue;
        expect(typeof map === 'object' && !Array.isArray(map), `${rule.id}: ${key} is a map of place to reason`).toBe(
          true,
        );
        for (const [place, reason] of Object.entries(map)) {
          expect(rule.concerns, `${rule.id}: ${key} ${place} is none of its concerns`).toContain(place);
          expect(
            typeof reason === 'string' && reason.trim().length > 0,
            `${rule.id}: ${key} ${place} has no reason`,
          ).toBe(true);
          // That no request brings the rule about there rests on the spec: the reason names the section that leaves it
          // open.
          if (key === 'unprovokable')
            expect(reason, `${rule.id}: unprovokable ${place} names no section of the spec`).toMatch(/§\d/);
        }
      }
      for (const place of Object.keys(rule.unprovokable ?? {}))
        expect(rule.setUp?.[place], `${rule.id}: ${place} is both a set-up and unprovokable`).toBeUndefined();
      // A rule set up or unprovokable everywhere would be judged nowhere.
      if (rule.setUp || rule.unprovokable)
        expect(
          placesOf(rule).some((p) => !p.setUp && !p.unprovokable),
          `${rule.id}: no place of its concerns is to be judged`,
        ).toBe(true);
    }
  },
);

// A rule stated for a member the spec does not require is not applicable on a target that never shows it
// (memberNeverPresent): its wording says so, and wherePresent says which member and why.
const STATED_WHERE_PRESENT = /\b(when|where) present\b|, when an object,|\bonce (a|the) parcel has one\b/;
test('a rule stated for an optional member carries wherePresent with its section', () => {
  for (const rule of catalogue) {
    const worded = STATED_WHERE_PRESENT.test(rule.statement);
    // A rule whose other parts are judged on every record (TRG-RESPONSE's 2xx, WH-PARCEL-BODY's record) is never
    // left with nothing to judge.
    const judgedAlways = rule.statement.includes('accepted with a 2xx') || rule.concerns.every((c) => /^[A-Z]/.test(c));
    if (worded && !judgedAlways) expect(rule.wherePresent, `${rule.id} is stated "where present"`).toBeDefined();
    if (rule.wherePresent) {
      expect(rule.wherePresent.member.length, `${rule.id}: wherePresent names no member`).toBeGreaterThan(0);
      expect(rule.wherePresent.why, `${rule.id}: wherePresent names no section`).toMatch(/§\d/);
    }
  }
});

test('given concerns with an operation of two forms and a set-up, want one place per form, the set-up marked', () => {
  expect(FORMS['cancelParcel']).toEqual(['by carrierParcelId', 'by shipmentUid']);
  expect(
    placesOf({
      concerns: ['cancelParcel', 'triggerFirstMileEvent', 'ParcelUpdates'],
      setUp: { triggerFirstMileEvent: 'delivers the parcel' },
    }),
  ).toEqual([
    { place: 'cancelParcel by carrierParcelId' },
    { place: 'cancelParcel by shipmentUid' },
    { place: 'triggerFirstMileEvent', setUp: 'delivers the parcel' },
    { place: 'ParcelUpdates' },
  ]);
});

test('every operation with forms is an operation of the document', () => {
  for (const name of Object.keys(FORMS)) expect(operationIds).toContain(name);
});

test('every rule needs only capabilities a target can be asked for', () => {
  for (const rule of catalogue) {
    for (const need of [...(rule.needs ?? []), ...(rule.evidenceFrom ?? [])]) expect(NEEDS, rule.id).toContain(need);
  }
});

test('every x-rule annotation of the document names a rule of the catalogue', () => {
  const named = [...JSON.stringify(doc).matchAll(/"x-rule":"([^"]+)"/g)].map((m) => m[1]);
  expect(named.length).toBeGreaterThan(10);
  for (const id of named) expect(catalogue.map((r) => r.id)).toContain(id);
});

test('the catalogue covers the statements the contract issue lists', () => {
  const required = [
    'LCK-RECORD-SHAPE',
    'LCK-OH-SCHEDULED',
    'LCK-OH-ALWAYS',
    'LCK-PROVIDER-FIELDS',
    'LCK-CARRIER-LOCKERNAME',
    'LCK-GROUPS-UNIQUE-KEY',
    'LCK-CREATE-REQUIRED',
    'LCK-CREATE-LOCATION-TYPE-OPTIONAL',
    'LCK-CREATE-201',
    'LCK-UPDATE-OPTIONAL',
    'LCK-UPDATE-NO-PROVIDER',
    'LCK-UPDATE-REQUIRED-MEMBERS',
    'LCK-UPDATE-GROUPS-KEPT',
    'LCK-UPDATE-200',
    'LCK-UPDATE-404',
    'LCK-LIST-CARRIER-OBJECT',
    'LCK-LIST-PROVIDER-FILTER',
    'PRV-ENTRY-SHAPE',
    'LCK-STATUS-CHANGE',
    'LCK-STATUS-409',
    'PCL-PUBLISH-REQUIRED',
    'PCL-PUBLISH-ENUMS',
    'PCL-PUBLISH-TYPES',
    'PCL-PUBLISH-CURRENCY',
    'PCL-PUBLISH-RESPONSE',
    'PCL-BOOKING-CREATES',
    'PCL-PRECHECK-NO-BOOKING',
    'PCL-BY-TENANT-RESOLVES',
    'PCL-LIST-OWN',
    'PCL-LIST-STATUS-EVENTS',
    'PCL-ACCESS-CODES',
    'PCL-SIGNATURE-OBJECT',
    'CAN-NOT-DELIVERED',
    'CAN-DELIVERED-REFUSED',
    'CAN-UNKNOWN-404',
    'NET-OWNED-ADDED',
    'NET-NOT-OWNED-SKIPPED',
    'NET-ONLY-NEW',
    'NET-RESPONSE-RECORD',
    'TRG-REQUIRED',
    'TRG-ENUMS',
    'TRG-PROVIDER-LOCKER-ID',
    'TRG-STAGING-KEY',
    'TRG-STAGING-ONLY',
    'AUTH-KEY-REQUIRED',
    'AUTH-401-BODY',
    'ERR-BODY',
    'ERR-NO-LEGACY-ERROR',
    'ERR-404-JSON',
    'WH-LOCKER-ON-CREATE',
    'WH-LOCKER-ON-STATUS',
    'WH-PARCEL-ON-STATUS',
    'WH-PARCEL-BODY',
    'WH-COLLECTION-BODY',
    'WH-COLLECTION-DAILY',
    'WH-RESPONSES',
    'VER-BASE-PATH',
    'VER-REMOVED-FIELDS',
  ];
  expect(catalogue.map((r) => r.id)).toEqual(expect.arrayContaining(required));
});
