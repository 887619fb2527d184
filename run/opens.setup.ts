// The run's opening: a test so that the run's end (suites/run.teardown.ts, the teardown of this
// project) runs after every suite, whatever their outcome. It loads nothing of the harness: its worker
// starts before the suites' and the run waits for it.
import { test } from '@playwright/test';

test('the run opens', () => undefined);
