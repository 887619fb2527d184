// Opens the run: what was tested, where. The run's end (run.teardown.ts) runs after every suite,
// whatever their outcome.
import { SPEC_VERSION } from '../spec/document';
import { RUN_INFO } from '../harness/reporters/conformance';
import { observe, rules, test } from '../harness/fixtures';

test('TRG-STAGING-ONLY the run records its target and environment', rules('TRG-STAGING-ONLY'), async ({ target }) => {
  // Read by the conformance reporter for the report's header; no key is ever part of it.
  test.info().annotations.push({
    type: RUN_INFO,
    description: JSON.stringify({
      target: target.embedded ? 'embedded reference' : 'remote target',
      baseUrl: target.baseUrl,
      mockBaseUrl: target.mockBaseUrl,
      environment: target.env,
      seed: target.seed ?? 'random',
      propertyRuns: target.propertyRuns,
      profile: target.profile.name ?? target.profilePath ?? 'default',
      specVersion: SPEC_VERSION,
    }),
  });
  observe('TRG-STAGING-ONLY', `environment ${target.env}; ${target.embedded ? 'embedded reference' : 'remote target'} at ${target.baseUrl}; trigger ${target.capabilities.trigger.available ? `at ${target.mockBaseUrl}` : `not run (${target.capabilities.trigger.reason})`}`);
});
