// Given the exploration's depth and seed, want each part's share: every sequence run once across the
// parts, the first parts one more where they do not divide evenly, and each part a seed of its own.
import { expect, test } from '@playwright/test';
import { partOf } from '../../../harness/fixture-parts/model-fixtures';

for (const [sequences, parts, want] of [
  [8, 4, [2, 2, 2, 2]],
  [9, 4, [3, 2, 2, 2]],
  [4, 4, [1, 1, 1, 1]],
  [3, 4, [1, 1, 1, 0]],
  [24, 4, [6, 6, 6, 6]],
  [8, 1, [8]],
] as const) {
  test(`${sequences} sequences in ${parts} parts: ${want.join(', ')}`, () => {
    const shares = Array.from({ length: parts }, (_, part) =>
      partOf({ sequences, length: 12, branches: 3 }, 100, part, parts),
    );
    expect(shares.map((s) => s.depth.sequences)).toEqual(want);
    expect(shares.map((s) => s.depth.length)).toEqual(Array(parts).fill(12));
    expect(shares.map((s) => s.seed)).toEqual(Array.from({ length: parts }, (_, i) => 100 + i));
  });
}

test('without a seed, each part draws its own', () => {
  expect(partOf({ sequences: 8, length: 12, branches: 3 }, undefined, 2, 4).seed).toBeUndefined();
});
