// Given/want rows of the checks on what an answer says of itself: its processing time and its content type.
import { error, exchange, type Row } from './answers';

export const headerRows: Row[] = [
  [
    "a publish timestamp at the answer's Date passes",
    'processingTime',
    exchange(
      'publishParcel',
      200,
      { status: 's', message: 'm', timestamp: '2026-11-26T09:00:00.412Z' },
      { date: 'Thu, 26 Nov 2026 09:00:00 GMT' },
    ),
    undefined,
  ],
  [
    'one in another zone, the same instant, passes',
    'processingTime',
    exchange(
      'publishParcel',
      200,
      { status: 's', message: 'm', timestamp: '2026-11-26T10:00:30+01:00' },
      { date: 'Thu, 26 Nov 2026 09:00:00 GMT' },
    ),
    undefined,
  ],
  [
    'an hour ahead (local time written as UTC) fails',
    'processingTime',
    exchange(
      'publishParcelByCarrierLockerId',
      201,
      { status: 's', message: 'm', timestamp: '2026-11-26T10:00:00Z' },
      { date: 'Thu, 26 Nov 2026 09:00:00 GMT' },
    ),
    'PCL-PUBLISH-TIMESTAMP',
  ],
  [
    'a day behind fails',
    'processingTime',
    exchange(
      'publishParcel',
      200,
      { status: 's', message: 'm', timestamp: '2026-11-25T09:00:00Z' },
      { date: 'Thu, 26 Nov 2026 09:00:00 GMT' },
    ),
    'PCL-PUBLISH-TIMESTAMP',
  ],
  [
    'no Date header: not judged',
    'processingTime',
    exchange('publishParcel', 200, { status: 's', message: 'm', timestamp: '2020-01-01T00:00:00Z' }),
    undefined,
  ],
  [
    'a refused publish: not judged',
    'processingTime',
    exchange(
      'publishParcel',
      400,
      { ...error, timestamp: '2020-01-01T00:00:00Z' },
      { date: 'Thu, 26 Nov 2026 09:00:00 GMT' },
    ),
    undefined,
  ],

  ['JSON with application/json passes', 'jsonContentType', exchange('listLockers', 200, []), undefined],
  [
    'problem+json fails: the preamble names application/json',
    'jsonContentType',
    exchange('publishParcel', 400, error, { 'content-type': 'application/problem+json' }),
    'GEN-JSON',
  ],
  [
    'application/json in another letter case, with a charset, passes',
    'jsonContentType',
    exchange('listLockers', 200, [], { 'content-type': 'Application/JSON; charset=utf-8' }),
    undefined,
  ],
  [
    'an empty body needs no content type',
    'jsonContentType',
    exchange('cancelParcel', 204, undefined, { 'content-type': '' }),
    undefined,
  ],
  [
    'text/html fails',
    'jsonContentType',
    exchange('listLockers', 200, '<html/>', { 'content-type': 'text/html' }),
    'GEN-JSON',
  ],
  ['a body that does not parse fails', 'jsonContentType', exchange('listLockers', 200, '{oops'), 'GEN-JSON'],
];
