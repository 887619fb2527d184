// Whether anyone but the target can post deliveries the run judges: a listener bound beyond loopback
// with no CIS_WEBHOOK_KEY takes any delivery from the network it is on. The pre-flight warns of it and
// the certificate's scope names it; both read this one function.
import { BlockList, isIP } from 'node:net';
import type { HarnessConfig } from '../target/config';

// An address list rather than a pattern: loopback has spellings a pattern easily misses
// (0:0:0:0:0:0:0:1, ::ffff:127.0.0.1), and each one missed would warn of an exposure there is not.
const LOOPBACK = new BlockList();
LOOPBACK.addSubnet('127.0.0.0', 8, 'ipv4');
LOOPBACK.addAddress('::1', 'ipv6');

function isLoopback(host: string): boolean {
  const address = host.replace(/^\[|\]$/g, '');
  if (/^localhost\.?$/i.test(address)) return true;
  const family = isIP(address);
  return family !== 0 && LOOPBACK.check(address, family === 6 ? 'ipv6' : 'ipv4');
}

/** What closes the exposure, for the pre-flight to say after the sentence below. */
export const EXPOSURE_REMEDY =
  'Set CIS_WEBHOOK_KEY (--webhook-key) and have the target send it on every delivery (X-API-Key or ' +
  'Authorization: Bearer), or bind --webhook-listen to an address only the target reaches';

/** A sentence naming the exposure, or undefined when only loopback reaches the listener or a key guards it. */
export function unauthenticatedListener(
  config: Pick<HarnessConfig, 'webhookListen' | 'webhookKey'>,
): string | undefined {
  const listen = config.webhookListen;
  if (!listen || config.webhookKey || isLoopback(listen.host)) return undefined;
  const host = listen.host.includes(':') && !listen.host.startsWith('[') ? `[${listen.host}]` : listen.host;
  return (
    `webhook deliveries unauthenticated: the listener on ${host}:${listen.port} takes deliveries from anyone ` +
    `on that network (no CIS_WEBHOOK_KEY)`
  );
}
