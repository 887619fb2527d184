// A minimal webhook receiver for the reference's own tests: records deliveries and wakes waiters.
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface Delivery {
  headers: IncomingHttpHeaders;
  body: any;
  answered: number;
}

export class Inbox {
  readonly deliveries: Delivery[] = [];
  /** Statuses to answer, in order, before answering 200. */
  readonly script: number[] = [];
  private waiters: (() => void)[] = [];
  private server: Server | undefined;
  url = '';

  async start(): Promise<this> {
    this.server = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        const answered = this.script.shift() ?? 200;
        this.deliveries.push({ headers: req.headers, body: JSON.parse(Buffer.concat(chunks).toString()), answered });
        res.writeHead(answered).end();
        for (const wake of this.waiters.splice(0)) wake();
      });
    });
    await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', resolve));
    this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}/hooks`;
    return this;
  }

  /** Resolves with the first delivery matching the predicate, now or when it arrives. */
  async waitFor(match: (d: Delivery) => boolean): Promise<Delivery> {
    for (;;) {
      const found = this.deliveries.find(match);
      if (found) return found;
      await new Promise<void>((resolve) => this.waiters.push(resolve));
    }
  }

  async close(): Promise<void> {
    this.server?.closeAllConnections();
    await new Promise<void>((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()));
  }
}
