// The forms the cancel path takes (§4.9 does not say which id parcelId is): one owner of the set for
// the whole run, shared by every worker through the scratch directory, pinned by the profile.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { CancelPath, formName } from '../../../harness/target/cancel-path';
import { FORMS } from '../../../spec/catalogue';

const scratch = () => mkdtempSync(join(tmpdir(), 'cancel-path-'));

test('the profile pins one form: the other is not taken, and says the profile named one', () => {
  const path = new CancelPath('shipmentUid', scratch());
  expect(path.taken()).toEqual(['shipmentUid']);
  expect(path.untaken()).toEqual([
    { kind: 'carrierParcelId', why: 'the profile names one cancel id (cancel.pathId shipmentUid)' },
  ]);
  expect(path.candidates()).toEqual(['shipmentUid']);
  expect(path.learnFrom([{ kind: 'carrierParcelId', status: 200 }])).toEqual([]);
  expect(path.taken()).toEqual(['shipmentUid']);
});

test('unknown forms are tried in order; what one worker learns every worker of the run reads', () => {
  const dir = scratch();
  const first = new CancelPath(undefined, dir);
  expect(first.candidates()).toEqual(['carrierParcelId', 'shipmentUid']);
  expect(first.untaken().map((u) => u.kind)).toEqual(['carrierParcelId', 'shipmentUid']);
  // The same parcel: refused by carrierParcelId as unknown, cancelled by its shipmentUid.
  expect(
    first.learnFrom([
      { kind: 'carrierParcelId', status: 404 },
      { kind: 'shipmentUid', status: 204 },
    ]),
  ).toEqual(['shipmentUid']);
  const second = new CancelPath(undefined, dir);
  expect(second.taken()).toEqual(['shipmentUid']);
  expect(second.fact('carrierParcelId')).toEqual({
    takes: false,
    why: "a booked parcel's cancellation by its carrierParcelId was answered 404 (by its shipmentUid: 204)",
  });
  expect(second.candidates()).toEqual(['shipmentUid']);
});

test('a target that takes both forms is known to take both', () => {
  const path = new CancelPath(undefined, scratch());
  path.learnFrom(
    [
      { kind: 'carrierParcelId', status: 200 },
      { kind: 'shipmentUid', status: 200 },
    ],
    true,
  );
  expect(path.taken()).toEqual(['carrierParcelId', 'shipmentUid']);
  expect(path.untaken()).toEqual([]);
  expect(path.candidates()).toEqual(['carrierParcelId']);
});

test('a refusal proves a form is not taken only where the parcels could be cancelled', () => {
  const path = new CancelPath(undefined, scratch());
  // Nothing accepted, nothing known: a 404 may be a parcel that is not there.
  path.learnFrom([
    { kind: 'carrierParcelId', status: 404 },
    { kind: 'shipmentUid', status: 400 },
  ]);
  expect(path.fact('carrierParcelId')).toBeUndefined();
  expect(path.fact('shipmentUid')).toBeUndefined();
  path.learnFrom([{ kind: 'carrierParcelId', status: 200 }]);
  // A parcel of an ordinary cancellation may be cancelled or delivered already: a 400 then proves nothing.
  path.learnFrom([{ kind: 'shipmentUid', status: 400 }]);
  expect(path.fact('shipmentUid')).toBeUndefined();
  // A parcel booked just for this, while another form is known to cancel: it does.
  path.learnFrom([{ kind: 'shipmentUid', status: 404 }], true);
  expect(path.fact('shipmentUid')?.takes).toBe(false);
  // Any other answer (a 500) says nothing, and a fact once learnt stays.
  const other = new CancelPath(undefined, scratch());
  other.learnFrom([
    { kind: 'carrierParcelId', status: 500 },
    { kind: 'shipmentUid', status: 200 },
  ]);
  expect(other.fact('carrierParcelId')).toBeUndefined();
  expect(other.learnFrom([{ kind: 'shipmentUid', status: 200 }])).toEqual([]);
});

test('a refusal of an id holding more than letters, digits and hyphens does not prove a form is not taken', () => {
  const path = new CancelPath(undefined, scratch());
  // A route reading the dot as a file extension refuses this id, not the form: the form stays unknown.
  path.learnFrom([
    { kind: 'carrierParcelId', status: 404, id: 'CCP-run.w1_2' },
    { kind: 'shipmentUid', status: 200, id: 'SHP-00000002' },
  ]);
  expect(path.fact('carrierParcelId')).toBeUndefined();
  expect(path.candidates()).toEqual(['shipmentUid']);
  // A plain id refused while the other form cancels: the form is not taken.
  path.learnFrom([
    { kind: 'carrierParcelId', status: 404, id: 'CCP-run-w1-3' },
    { kind: 'shipmentUid', status: 200, id: 'SHP-00000003' },
  ]);
  expect(path.fact('carrierParcelId')?.takes).toBe(false);
});

test('a form is named as spec/catalogue.ts FORMS names the places of cancelParcel', () => {
  expect(['carrierParcelId', 'shipmentUid'].map((kind) => formName(kind as 'carrierParcelId'))).toEqual(
    FORMS['cancelParcel'],
  );
});
