// Opens the run: what was tested, where. The run's end (run.teardown.ts) runs after every suite,
// whatever their outcome.
import { observe, rules, test } from '../harness/fixtures';

test('TRG-STAGING-ONLY the run records its target and environment', rules('TRG-STAGING-ONLY'), async ({ target }) => {
  observe('TRG-STAGING-ONLY', `environment ${target.env}; ${target.embedded ? 'embedded reference' : 'remote target'} at ${target.baseUrl}; trigger ${target.capabilities.trigger.available ? `at ${target.mockBaseUrl}` : `not run (${target.capabilities.trigger.reason})`}`);
});
