// Every check applied to every response a suite receives, in the order their failures are reported.
import { errorBody } from './error-body';
import { jsonContentType } from './json-content-type';
import { noLegacyError } from './no-legacy-error';
import { noServerError } from './no-server-error';
import { notFoundJson } from './not-found-json';
import { removedFields } from './removed-fields';
import { schemaValid } from './schema-valid';
import { statusDocumented } from './status-documented';
import type { Check } from './types';

export const CHECKS: Record<string, Check> = {
  noServerError,
  statusDocumented,
  jsonContentType,
  notFoundJson,
  errorBody,
  noLegacyError,
  removedFields,
  schemaValid,
};

export { describeFailure, type Check, type Failure } from './types';
