// Faults of the wire forms: a request a conforming client may write another way, refused.
import type { Fault } from '../fault';

export const WIRE_FORM_FAULTS = [
  // Wire forms: a request a conforming client may write another way with the same meaning.
  {
    name: 'content-type-exact',
    rule: 'GEN-WIRE-HTTP',
    description:
      'a body is taken only under Content-Type exactly application/json: with a charset parameter or in ' +
      'another letter case it is refused 400',
  },
  {
    name: 'create-members-in-order',
    rule: 'GEN-WIRE-JSON',
    description: 'a streaming create parser wants carrier before provider in the body: the other order is refused 400',
  },
  {
    name: 'key-header-exact-case',
    rule: 'GEN-WIRE-HTTP',
    description:
      'the key is read only from a header named X-API-Key or x-api-key: another letter case is a missing key',
  },
] as const satisfies readonly Fault[];
