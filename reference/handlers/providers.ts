// §4.4: the provider catalogue.
import type { ReferenceApp, Reply, RequestContext } from '../app';
import { PROVIDER_MODELS } from '../seed';
import {
  catalogueJoined,
  catalogueSecondAccountPairs,
  catalogueUuidsAndVersions,
  groupedByControlBreak,
  newestVersionFirst,
  providersFiltered,
  providersLockerCount,
  withLockerModels,
} from '../faults/behaviour/providers';
import { catalogueV10Members } from '../faults/behaviour/migration-leftovers';

export function listProviders(app: ReferenceApp, ctx: RequestContext): Reply {
  if (app.fault('providers-not-a-list')) return { status: 200, body: { count: PROVIDER_MODELS.length } };
  const numeric = app.fault('providers-numeric-uid');
  // Variation ok-p-providers-include-carrier-models: the pairs of the lockers the caller sees, beside the catalogue's.
  // Variation ok-r-providers-query-filter: the entries filtered by providerName and lockerModel.
  const models = providersFiltered(app, ctx.query, withLockerModels(app, ctx.carrier.name, PROVIDER_MODELS));
  // Fault x45-providers-one-version-per-provider: the catalogue gathered into a map keyed by provider name (the last
  // pair wins).
  // Fault se-provider-pairs-control-break: grouped into providers by a loop that switches provider one row late.
  // Fault sl-providers-unversioned-model-null: an outer join gives a model without versions an entry of its own.
  const catalogue = catalogueJoined(
    app,
    groupedByControlBreak(
      app,
      app.fault('x45-providers-one-version-per-provider')
        ? [...new Map(PROVIDER_MODELS.map((p) => [p.providerName, p])).values()]
        : models,
    ),
  );
  // Fault st-providers-versions-aggregated; variations ok-t-provider-uids-uuid, ok-aa-providers-newest-version-first,
  // ok-bc-providers-pairs-per-account.
  const shown = catalogueSecondAccountPairs(app, newestVersionFirst(app, catalogueUuidsAndVersions(app, catalogue)));
  const extra = app.choices.extraFields ? { supportsLabelless: false } : {};
  if (app.choices.providerEntries === 'own-members') {
    return app.list(
      shown.map((p) => ({
        provider: { id: p.providerUid, label: p.providerName },
        model: `${p.lockerModel} v${p.lockerVersion}`,
        ...extra,
      })),
      ctx.query,
    );
  }
  // Fault sa-providers-uid-per-pair: the catalogue row's own id written as providerUid.
  const rowId = (i: number) => (app.fault('sa-providers-uid-per-pair') ? { providerUid: `pair-${i + 1}` } : {});
  // Variation ok-an-providers-locker-count: each pair counts the caller's lockers of it.
  return providersLockerCount(
    app,
    ctx.carrier.name,
    app.list(
      shown.map((p, i) => ({
        ...p,
        ...extra,
        ...(numeric ? { providerUid: Number(p.providerUid.replace(/\D/g, '')) } : {}),
        ...rowId(i),
        ...catalogueV10Members(app, p), // Variation ok-sbk-catalogue-v10-model-version-beside
      })),
      ctx.query,
    ),
  );
}
