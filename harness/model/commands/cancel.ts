// Cancel a parcel of the carrier (§4.9) by each id form the target takes, in whatever state the
// sequence left it: booked (accepted), ever delivered (refused, however many events came after),
// cancelled or moved on by a trigger (not stated: observed).
import { namedByRefused } from '../frame';
import { expect, hold, observe } from '../../evidence/judge';
import { cancelAcceptedJudgement, deliveredCancelJudgement, deliveredKeptJudgement } from '../../judgements/cancels';
import { parcelStatusPush } from '../../judgements/caused-pushes';
import type { CancelPathId } from '../../target/profile';
import { parcelNow } from '../invariants';
import { type Carrier, named, parcelNamed, parcelsOf, pick, type ServiceModel } from '../model';
import { expectPush, parcelShows } from '../pushes';
import { cancelFormsOf, clientOf, type World } from '../world';
import { step, type Command } from './command';
import { isDigitsId, SPELLED } from './parcel-ids';

/**
 * A cancelled booking whose carrierParcelId the carrier booked again: its shipmentUid still names it alone (§2.4
 * "Unique identifier"), so a cancel by it leaves the new booking as it was.
 */
const replaced = (model: Readonly<ServiceModel>, carrier: Carrier) =>
  parcelsOf(model, carrier).find(
    (p) =>
      p.state === 'cancelled' &&
      p.shipmentUid !== undefined &&
      parcelsOf(model, carrier).some((q) => q !== p && q.carrierParcelId === p.carrierParcelId && q.state === 'booked'),
  );

export class Cancel implements Command {
  constructor(
    readonly carrier: Carrier,
    readonly which: number,
    readonly form: number,
    /** The covering's: the cancelled booking of an id booked again (`replaced`), by its shipmentUid. */
    readonly ofReplaced = false,
  ) {}

  check = (model: Readonly<ServiceModel>) =>
    this.ofReplaced ? replaced(model, this.carrier) !== undefined : parcelsOf(model, this.carrier).length > 0;

  async run(model: ServiceModel, world: World): Promise<void> {
    const old = this.ofReplaced ? replaced(model, this.carrier) : undefined;
    // Where the booking again took the cancelled record up (PCL-AFTER-CANCEL: not stated), its shipmentUid names the
    // new booking: the cancel is that booking's.
    const takenUp = old && parcelsOf(model, this.carrier).find((q) => q !== old && q.shipmentUid === old.shipmentUid);
    const picked = takenUp ?? old ?? pick(parcelsOf(model, this.carrier), this.which)!;
    const forms = (await cancelFormsOf(world, picked)).filter((f) => !this.ofReplaced || f === 'shipmentUid');
    // A path that takes carrierParcelIds only names the new booking by the id: nothing to send.
    if (this.ofReplaced && !forms.length) return;
    // The path takes shipmentUids only and no read showed this parcel's yet: no form the target takes names it.
    if (!forms.length)
      return step(model, world, `${this.toString()}: no id form the cancel path takes names it yet`, async () =>
        observe('CAN-NOT-DELIVERED', `parcel ${picked.carrierParcelId}: its shipmentUid was not read yet`),
      );
    const kind: CancelPathId = pick(forms, this.form)!;
    // A carrierParcelId names the carrier's current parcel with it: the newest booking, where one was booked again.
    const parcel =
      kind === 'carrierParcelId' ? (parcelNamed(model, this.carrier, picked.carrierParcelId) ?? picked) : picked;
    await step(
      model,
      world,
      `${this.toString()} by ${kind}`,
      async () => {
        const before = parcel.shown;
        const actionAt = Date.now();
        const exchange = await world.parcels.call(
          kind,
          kind === 'shipmentUid' ? parcel.shipmentUid! : parcel.carrierParcelId,
          clientOf(world, this.carrier),
        );
        // An id another booking of the carrier was sent as its secondaryShipmentId (§2.3 "Second identifier"): which
        // of the two a path of it names is not stated (§4.9 "Path: parcelId"). Observed, and both are moved on.
        const holder = parcelsOf(model, this.carrier).find(
          (p) => p !== parcel && p.state === 'booked' && p.sent['secondaryShipmentId'] === parcel.carrierParcelId,
        );
        if (kind === 'carrierParcelId' && holder) {
          observe(
            'CAN-NOT-DELIVERED',
            `cancelling ${parcel.carrierParcelId}, also a secondaryShipmentId: ${exchange.status}`,
          );
          for (const p of [parcel, holder]) {
            p.state = 'moved';
            named(model, p);
          }
          // Read until the list shows the parcel the path names changed, or the settle time ends (a list may lag).
          await parcelNow(model, world, parcel, (p) => p === undefined || p['shipmentStatus'] !== before);
          return;
        }
        if (parcel.everDelivered) {
          const what = `parcel ${parcel.carrierParcelId} by ${kind}`;
          hold([deliveredCancelJudgement(exchange, what)], exchange);
          const { listed, exchange: read } = await parcelNow(model, world, parcel);
          if (listed) hold([deliveredKeptJudgement(what, before, listed['shipmentStatus'])], exchange, read);
          return;
        }
        if (parcel.state !== 'booked') {
          // A second cancellation (CAN-TWICE), or one after a trigger event §3 gives no transition for: not stated.
          observe(
            'CAN-TWICE',
            `cancelling parcel ${parcel.carrierParcelId} (${parcel.state}) by ${kind} answered ${exchange.status}`,
          );
          if (exchange.status >= 200 && exchange.status < 300) {
            parcel.state = 'cancelled';
            named(model, parcel);
          }
          return;
        }
        // An id holding what a path must encode is the id the carrier chose (§2.3: a string): that it names the parcel
        // in the cancel path as any other is implied, not stated (CAN-ID-ENCODED, a should).
        // So is one of digits with leading zeros where the path takes both forms: one may be read as a shipmentUid.
        const digits = isDigitsId(parcel.carrierParcelId) && forms.length > 1;
        const encoded = kind === 'carrierParcelId' && (parcel.carrierParcelId.endsWith(SPELLED) || digits);
        // One shaped as the target's shipmentUids may be read as one, where the path takes both (§4.9 "Path: parcelId"
        // says not which): a refusal is observed, and the parcel stays booked.
        if (kind === 'carrierParcelId' && parcel.lookalike && (exchange.status < 200 || exchange.status >= 300)) {
          observe(
            'CAN-NOT-DELIVERED',
            `cancelling parcel ${parcel.carrierParcelId}, an id shaped as a shipmentUid, by it: ${exchange.status}`,
          );
          return;
        }
        if (encoded) {
          expect(exchange).toSucceed('CAN-ID-ENCODED');
          // Refused, it cancelled nothing: the parcel stays booked, held to that by the next read.
          if (exchange.status < 200 || exchange.status >= 300) return namedByRefused(model, parcel);
        } else hold([cancelAcceptedJudgement(exchange, `parcel ${parcel.carrierParcelId} by ${kind}`)], exchange);
        // Its answer's body is not shown (§4.9): the cancel names the parcel, and shows nothing to compare.
        named(model, parcel);
        parcel.state = 'cancelled';
        const { listed } = await parcelNow(
          model,
          world,
          parcel,
          (p) => p === undefined || p['shipmentStatus'] !== before,
        );
        if (parcel.shipmentUid === undefined) return;
        expectPush(
          world,
          {
            ...parcelStatusPush(
              {
                '/shipmentUid': listed?.['shipmentUid'] ?? parcel.shipmentUid,
                ...(listed ? { '/shipmentStatus': listed['shipmentStatus'] } : {}),
              },
              actionAt,
              `ParcelUpdates for cancelled parcel ${parcel.carrierParcelId}`,
            ),
            cause: exchange,
            shows: parcelShows(parcel.sent, listed),
          },
          model.steps,
        );
      },
      'parcels',
    );
  }

  toString = () =>
    this.ofReplaced
      ? `cancel(${this.carrier}, the cancelled booking of an id booked again, by its shipmentUid)`
      : `cancel(${this.carrier}, parcel #${this.which})`;
}
