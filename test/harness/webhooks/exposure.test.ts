// Given where the listener binds and whether a key guards it, want the sentence naming who else can
// post the deliveries the run judges, or none when only the target (loopback, or a key) can.
import { expect, test } from '@playwright/test';
import { unauthenticatedListener } from '../../../harness/webhooks/exposure';

type Given = Parameters<typeof unauthenticatedListener>[0];

const exposed: [string, Given, string][] = [
  ['every IPv4 interface, no key', { webhookListen: { host: '0.0.0.0', port: 8787 } }, 'the listener on 0.0.0.0:8787'],
  ['every IPv6 interface, no key', { webhookListen: { host: '::', port: 8787 } }, 'the listener on [::]:8787'],
  [
    'a LAN address, no key',
    { webhookListen: { host: '192.168.1.20', port: 8787 } },
    'the listener on 192.168.1.20:8787',
  ],
  [
    'a host name, no key',
    { webhookListen: { host: 'ci-runner.internal', port: 9000 } },
    'the listener on ci-runner.internal:9000',
  ],
  [
    'a name that only starts like loopback',
    { webhookListen: { host: '127.0.0.1.nip.io', port: 8787 } },
    'the listener on 127.0.0.1.nip.io:8787',
  ],
  [
    'an empty key is no key',
    { webhookListen: { host: '0.0.0.0', port: 8787 }, webhookKey: '' },
    'the listener on 0.0.0.0:8787',
  ],
];

const guarded: [string, Given][] = [
  ['127.0.0.1', { webhookListen: { host: '127.0.0.1', port: 8787 } }],
  ['another address of 127/8', { webhookListen: { host: '127.0.0.2', port: 8787 } }],
  ['::1', { webhookListen: { host: '::1', port: 8787 } }],
  ['::1 in brackets', { webhookListen: { host: '[::1]', port: 8787 } }],
  ['::1 written out', { webhookListen: { host: '0:0:0:0:0:0:0:1', port: 8787 } }],
  ['IPv4 loopback mapped to IPv6', { webhookListen: { host: '::ffff:127.0.0.1', port: 8787 } }],
  ['localhost', { webhookListen: { host: 'localhost', port: 8787 } }],
  ['every interface with a key', { webhookListen: { host: '0.0.0.0', port: 8787 }, webhookKey: 'hook-secret' }],
  ['a LAN address with a key', { webhookListen: { host: '192.168.1.20', port: 8787 }, webhookKey: 'hook-secret' }],
  ['no listener bound by the user (the embedded run binds loopback)', {}],
];

for (const [name, given, where] of exposed) {
  test(`exposed: ${name}`, () => {
    const sentence = unauthenticatedListener(given);
    expect(sentence).toBe(
      `webhook deliveries unauthenticated: ${where} takes deliveries from anyone on that network (no CIS_WEBHOOK_KEY)`,
    );
  });
}

for (const [name, given] of guarded) {
  test(`not exposed: ${name}`, () => {
    expect(unauthenticatedListener(given)).toBeUndefined();
  });
}
