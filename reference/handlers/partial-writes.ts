// What the fault points that rewrite a request or its refusal share: the request with another body, a refusal handed
// on, and a write whose partial effect stays though the request is refused (a row committed before the check).
import type { FaultPointApp, Reply, RequestContext } from '../request-types';
import type { Handler } from '../faults/behaviour/shared';

/** The request with another body, its text written anew (as the binder hands it on). */
export const withBody = (ctx: RequestContext, body: unknown): RequestContext => ({
  ...ctx,
  body,
  raw: JSON.stringify(body),
});

/**
 * The handler's answer to `ctx`; where it refuses, the request `partial` gives for that refusal (the part of the write
 * that stays) is carried out with its answer dropped, and the refusal is answered all the same.
 */
export function keptOnRefusal<A extends FaultPointApp>(
  app: A,
  ctx: RequestContext,
  handle: Handler<A>,
  partial: (error: unknown) => RequestContext | undefined,
): Reply | Promise<Reply> {
  const keep = (error: unknown): never => {
    const request = partial(error);
    if (request) {
      try {
        const done = handle(app, request);
        if (done instanceof Promise) done.catch(() => undefined);
      } catch {
        // refused for another reason as well: nothing of it stays
      }
    }
    throw error;
  };
  return onRefusal(app, ctx, handle, keep);
}

/** The handler's answer to `ctx`, a refusal thrown or rejected handed to `recover`, which answers it or throws. */
export function onRefusal<A extends FaultPointApp>(
  app: A,
  ctx: RequestContext,
  handle: Handler<A>,
  recover: (error: unknown) => Reply,
): Reply | Promise<Reply> {
  try {
    const reply = handle(app, ctx);
    return reply instanceof Promise ? reply.catch(recover) : reply;
  } catch (error) {
    return recover(error);
  }
}
