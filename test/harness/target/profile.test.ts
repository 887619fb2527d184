// Given a target profile file, want what the harness sends and expects where the spec says "not shown".
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { lockerStatusBody, lockerStatusShown, readProfile } from '../../../harness/target/profile';

function profileFile(content: unknown): string {
  const path = join(mkdtempSync(join(tmpdir(), 'cc-profile-')), 'profile.json');
  writeFileSync(path, JSON.stringify(content));
  return path;
}

test('a template with {uid} and {status} keeps working, and the record shows the status sent', () => {
  const profile = readProfile(
    profileFile({
      lockerStatus: { request: { uid: '{uid}', status: '{status}' }, statuses: ['ACTIVE', 'INACTIVE'] },
      cancel: { pathId: 'shipmentUid' },
    }),
  );
  expect(lockerStatusBody(profile, 'L-1', 'INACTIVE')).toEqual({ uid: 'L-1', status: 'INACTIVE' });
  expect(lockerStatusShown(profile, 'INACTIVE')).toBe('INACTIVE');
  expect(profile.cancel.pathId).toBe('shipmentUid');
});

test('states give any JSON body per state and the status the record then shows', () => {
  const profile = readProfile(
    profileFile({
      lockerStatus: {
        states: [
          { name: 'disabled', request: { lockerUid: '{uid}', enabled: false, reason: { code: 7 } }, shows: 'INACTIVE' },
          { name: 'enabled', request: { lockerUid: '{uid}', enabled: true }, shows: 'ACTIVE' },
        ],
      },
    }),
  );
  expect(profile.lockerStatus?.statuses).toEqual(['disabled', 'enabled']);
  expect(lockerStatusBody(profile, 'L-"2', 'disabled')).toEqual({
    lockerUid: 'L-"2',
    enabled: false,
    reason: { code: 7 },
  });
  expect(lockerStatusShown(profile, 'disabled')).toBe('INACTIVE');
});

test('without a cancel pathId both ids are tried; trigger values can all come from the profile', () => {
  const profile = readProfile(
    profileFile({
      trigger: { carrierName: 'CARRIER_NAME_3', providerName: 'PROVIDER_NAME_2', providerLockerId: 'PL-9' },
    }),
  );
  expect(profile.cancel.pathId).toBeUndefined();
  expect(profile.trigger).toEqual({
    carrierName: 'CARRIER_NAME_3',
    providerName: 'PROVIDER_NAME_2',
    providerLockerId: 'PL-9',
  });
});

const refused: [string, unknown, RegExp][] = [
  ['one state only', { lockerStatus: { states: [{ name: 'a', request: {} }] } }, /lockerStatus/],
  [
    'a state without a request',
    { lockerStatus: { states: [{ name: 'a' }, { name: 'b', request: {} }] } },
    /lockerStatus/,
  ],
  ['an unknown pagination member', { pagination: { pages: 3 } }, /pagination has the unknown member pages/],
  ['a collection period that is no whole number', { collectionPeriodMs: 1.5 }, /collectionPeriodMs/],
];
for (const [name, content, message] of refused) {
  test(`refused with one message: ${name}`, () => {
    expect(() => readProfile(profileFile(content))).toThrow(message);
  });
}
