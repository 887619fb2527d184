// Given/want rows of the checks on an answer's status and error body: no 5xx, no 304 unasked, a documented status,
// a JSON 404, an error body with errorCode and message and no legacy error member.
import { error, exchange, locker, type Row } from './answers';

export const statusRows: Row[] = [
  ['a 200 passes', 'noServerError', exchange('listLockers', 200, []), undefined],
  ['a 500 fails', 'noServerError', exchange('listParcels', 500, error), 'GEN-NO-5XX'],
  [
    'a 503 fails',
    'noServerError',
    exchange('createLocker', 503, 'busy', { 'content-type': 'text/plain' }),
    'GEN-NO-5XX',
  ],

  [
    'a 304 to a list that sent no validator fails its rule of success',
    'notModifiedUnasked',
    exchange('listLockers', 304),
    'LCK-LIST-RECORDS',
  ],
  [
    'a 304 to a list that sent If-None-Match passes',
    'notModifiedUnasked',
    { ...exchange('listLockers', 304), request: { headers: { 'If-None-Match': '"v1"' } } },
    undefined,
  ],
  ['a 200 to a list is no 304', 'notModifiedUnasked', exchange('listParcels', 200, []), undefined],
  // §4.9 shows no answer of a cancel: a 304 to one made already is the target's choice.
  [
    'a 304 to a cancel, whose answer is not shown, passes',
    'notModifiedUnasked',
    exchange('cancelParcel', 304),
    undefined,
  ],

  ['201 on create is documented', 'statusDocumented', exchange('createLocker', 201, locker), undefined],
  ['200 on create is not', 'statusDocumented', exchange('createLocker', 200, locker), 'GEN-STATUS-DOCUMENTED'],
  [
    'any 2xx where the success code is not shown',
    'statusDocumented',
    exchange('publishParcel', 202, { status: 's', message: 'm', timestamp: '2025-01-01T00:00:00Z' }),
    undefined,
  ],
  ['any 4xx on an operation §7 does not cover', 'statusDocumented', exchange('createLocker', 422, error), undefined],
  [
    '422 on publish is not documented',
    'statusDocumented',
    exchange('publishParcel', 422, error),
    'GEN-STATUS-DOCUMENTED',
  ],
  ['409 on status update is documented', 'statusDocumented', exchange('updateLockerStatus', 409, {}), undefined],
  ['a 3xx is not documented', 'statusDocumented', exchange('listLockers', 302, undefined), 'GEN-STATUS-DOCUMENTED'],

  ['a 404 with a JSON body passes', 'notFoundJson', exchange('updateLocker', 404, { anything: true }), undefined],
  ['a 404 with an empty body fails', 'notFoundJson', exchange('cancelParcel', 404, undefined), 'ERR-404-JSON'],
  [
    'a 404 with HTML fails',
    'notFoundJson',
    exchange('listParcels', 404, 'Not Found', { 'content-type': 'text/html' }),
    'ERR-404-JSON',
  ],
  [
    'a 404 where §7 does not list one is not judged here',
    'notFoundJson',
    exchange('createLocker', 404, undefined),
    undefined,
  ],

  ['an error body with errorCode and message passes', 'errorBody', exchange('publishParcel', 400, error), undefined],
  [
    'a 401 without errorCode fails ERR-BODY',
    'errorBody',
    exchange('listParcels', 401, { message: 'no' }),
    'ERR-BODY',
    '/errorCode',
  ],
  [
    'a numeric errorCode is an ERR-BODY-TYPES warning (§7 gives no types)',
    'errorBody',
    exchange('cancelParcel', 400, { errorCode: 4, message: 'm' }),
    'ERR-BODY-TYPES',
    '/errorCode',
  ],
  [
    'a 500 with a string body fails ERR-BODY',
    'errorBody',
    exchange('updateLocker', 500, 'oops', { 'content-type': 'text/plain' }),
    'ERR-BODY',
  ],
  [
    'an error without body on create is observed only',
    'errorBody',
    exchange('createLocker', 400, { error: 'bad' }),
    'ERR-BODY-OTHER',
  ],
  ['a 404 body shape is not judged here', 'errorBody', exchange('updateLocker', 404, { detail: 'gone' }), undefined],
  ['a 409 body shape is not judged here', 'errorBody', exchange('updateLockerStatus', 409, 'conflict'), undefined],
  ['a success is not an error', 'errorBody', exchange('listParcels', 200, []), undefined],

  ['an error body without error passes', 'noLegacyError', exchange('publishParcel', 400, error), undefined],
  [
    'an error body with error fails',
    'noLegacyError',
    exchange('createLocker', 400, { ...error, error: 'x' }),
    'ERR-NO-LEGACY-ERROR',
    '/error',
  ],
  [
    'a success body with error is not an error body',
    'noLegacyError',
    exchange('listProviders', 200, { error: null, content: [] }),
    undefined,
  ],
];
