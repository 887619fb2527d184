// §2.3: codCurrency is "ISO 4217 currency code of codAmount"; the reference refuses a code the standard lacks.
import { ISO_4217 } from '../spec/currencies';
import { badRequest } from './errors';
import type { FaultName } from './faults';

/**
 * A codCurrency of three capitals that is no ISO 4217 code is refused as the document's pattern refuses others; what
 * the pattern refuses is the schema's (a fault may let it through).
 */
export function refuseUnknownCurrency(app: { fault(name: FaultName): boolean }, body: { codCurrency?: unknown }): void {
  // Fault publish-currency-pattern-only: the pattern is all that is checked.
  if (app.fault('publish-currency-pattern-only')) return;
  const currency = body.codCurrency;
  if (typeof currency === 'string' && /^[A-Z]{3}$/.test(currency) && !ISO_4217.has(currency))
    throw badRequest('VALIDATION_FAILED', `/codCurrency ${currency} is no ISO 4217 currency code`);
}
