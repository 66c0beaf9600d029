// The network between the fault test's clients and servers: a TCP proxy balancing connections
// round robin over live upstreams (a refused connect tries the next, as a balancer skips a dead
// process) that can `drop()` every connection, `stall()` them (accepted, nothing forwarded either
// way) and `heal()`. TCP: a keep-alive connection or a websocket stays on its upstream until cut.
import { connect, createServer, type Server, type Socket } from 'node:net';

interface Link {
  client: Socket;
  upstream: Socket | null;
  /** The upstream's port once connected. */
  port: number | null;
  toUpstream: Buffer[];
  toClient: Buffer[];
  closed: boolean;
}

/** The first line of a request that changes something (the engine's pushes). */
const MUTATION = /^(POST|PUT|PATCH|DELETE) (\S+) HTTP/;

export class FaultProxy {
  /** Called as a changing request is passed to an upstream (the test kills that one mid-push). */
  onMutation: (port: number, line: string) => void = () => undefined;
  private readonly links = new Set<Link>();
  private stalled = false;
  private next = 0;
  private readonly server: Server;

  private constructor(
    /** The upstreams' ports on 127.0.0.1. */
    private readonly upstreams: readonly number[],
  ) {
    this.server = createServer((client) => this.accept(client));
  }

  static async start(upstreams: readonly number[]): Promise<FaultProxy> {
    const proxy = new FaultProxy(upstreams);
    await new Promise<void>((resolve, reject) => {
      proxy.server.once('error', reject);
      proxy.server.listen(0, '127.0.0.1', () => resolve());
    });
    return proxy;
  }

  get url(): string {
    const address = this.server.address();
    const port = typeof address === 'object' && address ? address.port : 0;
    return `http://127.0.0.1:${port}`;
  }

  /** Connections open now, by upstream port (a held one counts as 0). */
  connections(): Map<number, number> {
    const count = new Map<number, number>();
    for (const link of this.links) count.set(link.port ?? 0, (count.get(link.port ?? 0) ?? 0) + 1);
    return count;
  }

  /** Resets every connection, both sides, as a network that goes down does. */
  drop(): void {
    for (const link of [...this.links]) {
      link.client.resetAndDestroy();
      link.upstream?.resetAndDestroy();
      this.cut(link);
    }
  }

  /** Holds every connection, open and new, until `heal()`. */
  stall(): void {
    this.stalled = true;
  }

  heal(): void {
    this.stalled = false;
    for (const link of this.links) {
      if (link.port === null && link.upstream === null) this.dial(link, 0);
      else this.flush(link);
    }
  }

  async close(): Promise<void> {
    this.drop();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }

  private accept(client: Socket): void {
    const link: Link = {
      client,
      upstream: null,
      port: null,
      toUpstream: [],
      toClient: [],
      closed: false,
    };
    this.links.add(link);
    client.on('data', (chunk) => {
      link.toUpstream.push(chunk);
      this.flush(link);
    });
    client.on('error', () => this.cut(link));
    client.on('close', () => this.cut(link));
    if (!this.stalled) this.dial(link, 0);
  }

  /** Connects the link to the next upstream; a refusal tries the following ones once each. */
  private dial(link: Link, tried: number, first = this.next++): void {
    if (link.closed) return;
    const port = this.upstreams[(first + tried) % this.upstreams.length] ?? 0;
    const upstream = connect(port, '127.0.0.1');
    link.upstream = upstream;
    let connected = false;
    upstream.once('connect', () => {
      connected = true;
      link.port = port;
      this.flush(link);
    });
    upstream.on('data', (chunk) => {
      link.toClient.push(chunk);
      this.flush(link);
    });
    upstream.on('error', () => {
      if (connected || link.closed) return this.cut(link);
      link.upstream = null;
      if (tried + 1 < this.upstreams.length) this.dial(link, tried + 1, first);
      else this.cut(link);
    });
    upstream.on('close', () => {
      if (connected) this.cut(link);
    });
  }

  private flush(link: Link): void {
    if (this.stalled || link.closed || link.port === null || !link.upstream) return;
    for (const chunk of link.toUpstream.splice(0)) {
      const line = MUTATION.exec(chunk.subarray(0, 200).toString('latin1'));
      if (line) this.onMutation(link.port, `${line[1]} ${line[2]}`);
      link.upstream.write(chunk);
    }
    for (const chunk of link.toClient.splice(0)) link.client.write(chunk);
  }

  private cut(link: Link): void {
    if (link.closed) return;
    link.closed = true;
    this.links.delete(link);
    link.client.destroy();
    link.upstream?.destroy();
  }
}
