import { documentedResponse } from '../../spec/operations';
import { check, failure } from './types';

/** GEN-STATUS-DOCUMENTED: the status is one the document lists for the operation. */
export const statusDocumented = check(
  (exchange, op) => {
    if (exchange.status >= 500) return undefined; // GEN-NO-5XX speaks for those
    if (documentedResponse(op, exchange.status)) return undefined;
    const listed = op.responses.map((r) => r.code).join(', ');
    return failure('GEN-STATUS-DOCUMENTED', op, '', `one of ${listed}`, String(exchange.status));
  },
  (exchange) => (exchange.status < 500 ? ['GEN-STATUS-DOCUMENTED'] : []),
);
