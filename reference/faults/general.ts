// Faults of what every operation shares: authentication, the error body, the general rules.
import type { Fault } from '../fault';

export const GENERAL_FAULTS = [
  // Authentication, errors, general
  { name: 'providers-no-auth', rule: 'AUTH-KEY-REQUIRED', description: 'GET /lockers/providers answers without a key' },
  { name: 'parcels-auth-403', rule: 'AUTH-401-STATUS', description: 'GET /parcels answers 403 to a missing key' },
  { name: 'error-without-code', rule: 'ERR-BODY', description: 'publish errors have no errorCode' },
  { name: 'error-legacy-field', rule: 'ERR-NO-LEGACY-ERROR', description: 'error bodies carry error as well' },
  { name: 'not-found-plain-text', rule: 'ERR-404-JSON', description: 'cancel answers 404 with a plain-text body' },
  { name: 'providers-text-content-type', rule: 'GEN-JSON', description: 'GET /lockers/providers declares text/plain' },
  {
    name: 'publish-validation-422',
    rule: 'GEN-STATUS-DOCUMENTED',
    description: 'publish validation errors answer 422',
  },
  { name: 'malformed-json-500', rule: 'GEN-NO-5XX', description: 'malformed JSON answers 500' },
  { name: 'base-path-v2', rule: 'VER-BASE-PATH', description: 'the service is served under /v2' },
] as const satisfies readonly Fault[];
