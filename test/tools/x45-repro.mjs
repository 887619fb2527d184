/* global process, console */
// Reproductions of the twelve x45- faults (origin `x45` in reference/faults/). For each fault the same scenario runs
// twice against `npm run reference`: once clean, once with `--fault NAME` (CIS_REFERENCE_FAULTS works too).
// Each scenario returns a list of spec violations it saw; the fault is shown when the clean run has none
// and the faulty run has at least one.
//   node test/tools/x45-repro.mjs            all twelve
//   node test/tools/x45-repro.mjs NAME ...   only those
// The scenarios are in x45-repro/ (answers.mjs, webhooks.mjs; client.mjs what they share).
import { ANSWER_SCENARIOS } from './x45-repro/answers.mjs';
import { receiver, reference } from './x45-repro/client.mjs';
import { WEBHOOK_SCENARIOS } from './x45-repro/webhooks.mjs';

const SCENARIOS = { ...ANSWER_SCENARIOS, ...WEBHOOK_SCENARIOS };

/** Webhook receivers and flags each scenario needs. */
const SETUP = {
  'x45-precheck-pushes-parcel-update': { hooks: () => receiver() },
  'x45-webhook-retry-double-encoded': { hooks: () => receiver((n) => (n === 0 ? 500 : 200)) },
  'x45-collection-after-courier-collected': { hooks: () => receiver(), args: ['--collection-period-ms', '300'] },
};

async function runOnce(name, faulty) {
  const setup = SETUP[name] ?? {};
  const hooks = setup.hooks ? await setup.hooks() : undefined;
  const ref = await reference([
    ...(faulty ? ['--fault', name] : []),
    ...(hooks ? ['--webhook-url', hooks.url] : []),
    ...(setup.args ?? []),
  ]);
  try {
    return await SCENARIOS[name](ref, hooks);
  } finally {
    ref.stop();
    await hooks?.close();
  }
}

const names = process.argv.slice(2).length ? process.argv.slice(2) : Object.keys(SCENARIOS);
let failed = 0;
for (const name of names) {
  const clean = await runOnce(name, false);
  const faulty = await runOnce(name, true);
  const shown = clean.length === 0 && faulty.length > 0;
  if (!shown) failed++;
  console.log(`${shown ? 'SHOWN  ' : 'NOT SHOWN'} ${name}`);
  console.log(`    off: ${clean.length ? clean.join('; ') : 'no violation'}`);
  console.log(`    on:  ${faulty.length ? faulty.join('; ') : 'no violation'}`);
}
process.exit(failed ? 1 : 0);
