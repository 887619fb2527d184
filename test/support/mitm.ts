// Debian's mitmproxy (8.x) as a user runs it to record a carrier's traffic: a reverse proxy in front of a
// service, writing its HAR when it is stopped — by the har_dump.py add-on README's 8.x recipe names, or by
// mitmproxy 10+'s built-in HAR writer (`--set hardump=`), loaded from mitmproxy/savehar.py beside this file.
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { freePort } from './free-port';

export const MITMDUMP = '/usr/bin/mitmdump';
const HAR_DUMP = '/usr/share/doc/mitmproxy/examples/contrib/har_dump.py';
/** mitmproxy 10+'s savehar add-on, unchanged, with the one log level mitmproxy 8.x lacks. */
const SAVEHAR_10 = join(__dirname, 'mitmproxy', 'savehar10.py');

/** Which HAR writer records: 8.x's example add-on, or the one built into mitmproxy 10 and later. */
export type HarWriter = 'har_dump (8.x)' | 'savehar (10+)';

export interface Proxy {
  url: string;
  /** Stops mitmdump (SIGINT, as Ctrl-C), which then writes the HAR; resolves once it exited. */
  stop(): Promise<void>;
}

/**
 * mitmdump in front of `target`, recording into `har`; resolves once it says it listens. The free port it is given may
 * be taken by another process before mitmdump binds it: then it starts again on another, a few times.
 */
export async function reverseProxy(target: string, har: string, writer: HarWriter = 'har_dump (8.x)'): Promise<Proxy> {
  if (!existsSync(MITMDUMP) || !existsSync(HAR_DUMP))
    throw new Error(
      `${MITMDUMP} or ${HAR_DUMP} is missing, and CI must run this test: .ci/run installs it (apt-get ` +
        `install mitmproxy)`,
    );
  for (let attempt = 1; ; attempt++) {
    try {
      return await startProxy(target, har, writer);
    } catch (error) {
      if (attempt >= 3 || !/address already in use/i.test((error as Error).message)) throw error;
    }
  }
}

async function startProxy(target: string, har: string, writer: HarWriter): Promise<Proxy> {
  const port = await freePort();
  const child: ChildProcess = spawn(
    MITMDUMP,
    [
      '-s',
      writer === 'savehar (10+)' ? SAVEHAR_10 : HAR_DUMP,
      '--mode',
      `reverse:${target}`,
      '--listen-host',
      '127.0.0.1',
      '--listen-port',
      String(port),
      '--set',
      `hardump=${har}`,
    ],
    { stdio: ['ignore', 'pipe', 'pipe'] },
  );
  let said = '';
  await new Promise<void>((resolve, reject) => {
    const seen = (chunk: Buffer) => {
      said += chunk.toString();
      if (/listening at/i.test(said)) resolve();
    };
    child.stdout!.on('data', seen);
    child.stderr!.on('data', seen);
    child.once('exit', (code) => reject(new Error(`mitmdump exited (${code}) before listening: ${said.slice(-500)}`)));
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  return {
    url: `http://127.0.0.1:${port}`,
    stop: async () => {
      child.kill('SIGINT');
      await exited;
    },
  };
}
