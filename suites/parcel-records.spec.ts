// The parcel list (§2.4, §4.8): the rules every listed parcel record keeps, judged at the GET /parcels
// answers that carried the records.
import {
  bookInLent,
  expect,
  judge,
  memberNeverPresent,
  notObservable,
  parcelsInEveryState,
  rules,
  sampleScope,
  test,
  type RunSettings,
} from '../harness/fixtures';

/** What the target lets the run make before it reads every listed record. */
const canMake = (target: RunSettings) => ({
  writes: target.capabilities.writes.available,
  trigger: target.capabilities.trigger.available,
});

test.describe('the parcel list (GET /parcels)', () => {
  test(
    'PCL-LIST-STATUS-EVENTS every listed parcel carries its status and event history',
    rules('PCL-LIST-STATUS-EVENTS', 'PCL-RECORD-SHAPE'),
    async ({ lockers, parcels, target }) => {
      await parcelsInEveryState(lockers, parcels, canMake(target));
      const { items: listed, exchange } = sampleScope(await parcels.everyListing(), 'PCL-LIST-STATUS-EVENTS');
      if (listed.length === 0) notObservable('PCL-LIST-STATUS-EVENTS', 'the carrier has no parcels to list');
      const judged = judge('PCL-LIST-STATUS-EVENTS', exchange);
      for (const parcel of listed) {
        judged
          .expect(typeof parcel['shipmentStatus'], `parcel ${parcel['carrierParcelId']} has no shipmentStatus`)
          .toBe('string');
        judged
          .expect(Array.isArray(parcel['events']), `parcel ${parcel['carrierParcelId']} has no events array`)
          .toBe(true);
      }
    },
  );

  const ACCESS_CODES = ['PCL-ACCESS-CODES', 'PCL-ACCESS-CODES-NO-DEPRECATED'];
  test(
    'PCL-ACCESS-CODES access codes carry consigneeCollectionCode, and no longer the deprecated consigneeCollection',
    rules(...ACCESS_CODES),
    async ({ lockers, parcels, target }) => {
      await parcelsInEveryState(lockers, parcels, canMake(target));
      const { items, exchange } = sampleScope(await parcels.everyListing(), ...ACCESS_CODES);
      const withCodes = items.filter((p) => p['accessCodes'] && typeof p['accessCodes'] === 'object');
      for (const parcel of withCodes) {
        const code = parcel['accessCodes']['consigneeCollectionCode'];
        judge('PCL-ACCESS-CODES', exchange)
          .expect(
            code !== null && typeof code === 'object' && !Array.isArray(code),
            `accessCodes of ${parcel['carrierParcelId']} carry no consigneeCollectionCode object`,
          )
          .toBe(true);
        // §2.4 and §9 call consigneeCollection deprecated, not removed: its absence is a should.
        judge('PCL-ACCESS-CODES-NO-DEPRECATED', exchange)
          .expect(parcel['accessCodes'], `parcel ${parcel['carrierParcelId']} carries consigneeCollection`)
          .not.toHaveProperty('consigneeCollection');
      }
      // A parcel listed with accessCodes null is the choice §2.4 allows; no parcel at all is nothing judged.
      if (withCodes.length === 0)
        for (const rule of ACCESS_CODES)
          if (items.length) memberNeverPresent(rule, `listParcels: ${items.length} listed parcel(s)`);
          else notObservable(rule, 'listParcels: no parcel is listed');
    },
  );

  test(
    'PCL-SIGNATURE-OBJECT a signature, once a parcel has one, is an object with imageBase64 and format',
    rules('PCL-SIGNATURE-OBJECT'),
    async ({ lockers, parcels, target }) => {
      // A signature is the consignee's: the parcel this test saw delivered is one that could carry it.
      let delivered: string | undefined;
      if (target.capabilities.trigger.available && target.capabilities.writes.available) {
        const { locker: record, body } = await bookInLent(lockers, parcels, await lockers.lend('deliveries'));
        const trigger = await parcels.trigger(record, body['carrierParcelId'], 'CONSIGNEE_DELIVERED');
        if (trigger.status >= 200 && trigger.status < 300) delivered = body['carrierParcelId'];
      }
      // And parcels in every other state, a delivered one given each further event too.
      await parcelsInEveryState(lockers, parcels, canMake(target));
      const { items, exchange } = sampleScope(await parcels.everyListing(), 'PCL-SIGNATURE-OBJECT');
      const signed = items.filter((p) => p['signature'] !== undefined && p['signature'] !== null);
      for (const parcel of signed) {
        judge('PCL-SIGNATURE-OBJECT', exchange)
          .expect(parcel['signature'], `parcel ${parcel['carrierParcelId']}`)
          .toEqual(expect.objectContaining({ imageBase64: expect.any(String), format: expect.any(String) }));
      }
      if (signed.length === 0)
        if (delivered !== undefined && items.some((p) => p['carrierParcelId'] === delivered))
          memberNeverPresent('PCL-SIGNATURE-OBJECT', `listParcels: ${items.length} parcel(s), ${delivered} delivered`);
        else notObservable('PCL-SIGNATURE-OBJECT', 'listParcels: no listed parcel has a signature');
    },
  );
});
