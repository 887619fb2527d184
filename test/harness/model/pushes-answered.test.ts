// The command whose pushes the listener answers otherwise: the answer is scripted before the command is sent, and
// the command runs as it would alone.
import { expect, test } from '@playwright/test';
import type { Command } from '../../../harness/model/commands/command';
import { PushesAnswered } from '../../../harness/model/commands/pushes-answered';
import { emptyModel } from '../../../harness/model/model';
import type { World } from '../../../harness/model/world';

test('the listener is told its answer before the command is sent; with none, the command runs alone', async () => {
  const calls: string[] = [];
  const inner = {
    check: () => true,
    run: async () => void calls.push('run'),
    toString: () => 'publish(A)',
  } as unknown as Command;
  const world = {
    webhooks: { answer: async (_m: unknown, status: number) => void calls.push(`answer ${status}`) },
  } as unknown as World;
  const command = new PushesAnswered(500, inner);
  await command.run(emptyModel(), world);
  expect(calls).toEqual(['answer 500', 'run']);
  expect(command.toString()).toBe('publish(A) (its push answered 500)');
  calls.length = 0;
  await new PushesAnswered(500, inner).run(emptyModel(), {} as World);
  expect(calls).toEqual(['run']);
});
