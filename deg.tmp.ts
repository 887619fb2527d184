import { CANNED, startDegenerateTarget } from './test/support/degenerate-target';
(async () => {
  const t = await startDegenerateTarget(CANNED[process.argv[2]!]!, true);
  console.log(t.baseUrl, t.mockBaseUrl);
  await new Promise((r) => setTimeout(r, 1e9));
})();
