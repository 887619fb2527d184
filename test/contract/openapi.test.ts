import SwaggerParser from '@apidevtools/swagger-parser';
import { expect, test } from '@playwright/test';
import type { OpenAPIV3_1 } from 'openapi-types';
import { createAjv } from '../../spec/ajv';
import { componentSchemaNames, loadOpenApi } from '../../spec/document';
import { schemaId } from '../../spec/schemas';

const doc = loadOpenApi();

// §4: every operation, by method and path relative to {base_url} (the trigger to {mock_base_url}).
const OPERATIONS = [
  ['post', '/lockers', 'createLocker'],
  ['get', '/lockers', 'listLockers'],
  ['patch', '/lockers/{uid}', 'updateLocker'],
  ['get', '/lockers/providers', 'listProviders'],
  ['patch', '/lockers/status', 'updateLockerStatus'],
  ['post', '/parcels/data', 'publishParcel'],
  ['post', '/parcels/data/by-tenant-locker-id', 'publishParcelByCarrierLockerId'],
  ['get', '/parcels', 'listParcels'],
  ['patch', '/parcels/{parcelId}', 'cancelParcel'],
  ['post', '/networks/{uid}/lockers', 'addNetworkLockers'],
  ['post', '/parcel/first-mile/event', 'triggerFirstMileEvent'],
] as const;

// §2: every structure as a named component schema.
const STRUCTURES = [
  'Locker',
  'LockerCreateRequest',
  'LockerUpdateRequest',
  'LockerGroup',
  'ProviderModel',
  'PublishByLockerUidRequest',
  'PublishByCarrierLockerIdRequest',
  'PublishResponse',
  'Parcel',
  'NetworkLocker',
  'AddNetworkLockersRequest',
  'TriggerRequest',
  'TriggerResponse',
  'ErrorBody',
  'LockerUpdatesEvent',
  'ParcelUpdatesEvent',
  'CollectionNotificationEvent',
];

function operation(method: string, path: string): OpenAPIV3_1.OperationObject {
  const item = doc.paths?.[path] as Record<string, OpenAPIV3_1.OperationObject> | undefined;
  const op = item?.[method];
  if (!op) throw new Error(`${method.toUpperCase()} ${path} is not in the document`);
  return op;
}

test('the document is a valid OpenAPI 3.1 document', async () => {
  const api = await SwaggerParser.validate(structuredClone(doc) as never);
  expect((api as { openapi: string }).openapi).toBe('3.1.0');
  expect(doc.info.version).toBe('1.1.0');
});

test(
  'every component schema is valid against the 2020-12 meta-schema and compiles in one strict ajv instance ' +
    'with formats',
  () => {
    const ajv = createAjv(doc, { checkSchemas: true });
    const names = componentSchemaNames();
    expect(names.length).toBeGreaterThanOrEqual(STRUCTURES.length);
    for (const name of names) {
      expect(ajv.getSchema(schemaId(name)), name).toBeDefined();
    }
  },
);

test('a component schema the meta-schema refuses is refused when the schemas are checked', () => {
  const broken = { ...doc, components: { schemas: { Broken: { type: 'text' } } } } as unknown as typeof doc;
  expect(() => createAjv(broken, { checkSchemas: true })).toThrow(/schema is invalid/);
});

test('every structure of section 2 is a named component schema', () => {
  expect(componentSchemaNames()).toEqual(expect.arrayContaining(STRUCTURES));
});

test('every operation of section 4 is present with its operationId and the X-API-Key scheme', () => {
  const scheme = doc.components?.securitySchemes?.['ApiKey'] as OpenAPIV3_1.ApiKeySecurityScheme;
  expect(scheme).toEqual(expect.objectContaining({ type: 'apiKey', in: 'header', name: 'X-API-Key' }));
  for (const [method, path, id] of OPERATIONS) {
    const op = operation(method, path);
    expect(op.operationId).toBe(id);
    expect(op.security, id).toEqual([{ ApiKey: [] }]);
  }
  const count = Object.values(doc.paths ?? {}).flatMap((item) =>
    Object.keys(item ?? {}).filter((k) => ['get', 'post', 'patch', 'put', 'delete'].includes(k)),
  ).length;
  expect(count).toBe(OPERATIONS.length);
});

test('the trigger operation lives on the mock server and both servers carry the v1 segment', () => {
  const trigger = operation('post', '/parcel/first-mile/event');
  expect(trigger.servers?.[0]?.url).toMatch(/\/v1$/);
  expect(doc.servers?.map((s) => s.description?.split(' ')[0])).toEqual(['Staging', 'Production']);
  for (const server of doc.servers ?? []) expect(server.url).toMatch(/\/v1$/);
});

test('the error responses of section 7 are documented where section 7 puts them', () => {
  const codes = (method: string, path: string) => Object.keys(operation(method, path).responses ?? {});
  for (const [method, path] of [
    ['post', '/parcels/data'],
    ['post', '/parcels/data/by-tenant-locker-id'],
    ['patch', '/lockers/{uid}'],
    ['get', '/parcels'],
    ['patch', '/parcels/{parcelId}'],
  ] as const) {
    expect(codes(method, path)).toEqual(expect.arrayContaining(['400', '401', '500']));
  }
  for (const [method, path] of [
    ['patch', '/lockers/{uid}'],
    ['get', '/parcels'],
    ['patch', '/parcels/{parcelId}'],
  ] as const) {
    expect(codes(method, path)).toContain('404');
  }
  expect(codes('patch', '/lockers/status')).toContain('409');
  expect(codes('post', '/lockers')).toContain('201');
  expect(codes('patch', '/lockers/{uid}')).toContain('200');
});

test('the three webhooks are defined with the 200, 401 and 500 responses', () => {
  expect(Object.keys(doc.webhooks ?? {}).sort()).toEqual(['CollectionNotification', 'LockerUpdates', 'ParcelUpdates']);
  for (const item of Object.values(doc.webhooks ?? {})) {
    const post = (item as OpenAPIV3_1.PathItemObject).post!;
    expect(Object.keys(post.responses ?? {}).sort()).toEqual(['200', '401', '500']);
  }
});
