import { connect, createServer, type Socket } from "node:net";

export interface LatencyProxy {
  /** Where clients connect instead of the server: 127.0.0.1 and a port of its own. */
  readonly port: number;
  /** The target's URL with the proxy's address in it (`redis://127.0.0.1:<port>`). */
  readonly url: string;
  /**
   * When each write from a client reached the proxy (performance.now()). A client that waits for
   * the answers to what it wrote (Redis's request and response) makes one write per round trip:
   * auto-pipelined commands go out in one write.
   */
  readonly writes: readonly number[];
  /** Client writes that reached the proxy between two instants (performance.now()). */
  writesBetween(from: number, to: number): number;
  close(): Promise<void>;
}

/**
 * A TCP proxy on 127.0.0.1 that holds every chunk `delayMs` in each direction before passing it
 * on, in order: a server that is a network hop away (a Redis in another machine) as the client
 * sees it. With no delay it only counts the clients' writes.
 */
export async function startLatencyProxy(options: { target: string; delayMs: number }): Promise<LatencyProxy> {
  const target = new URL(options.target);
  const targetPort = Number(target.port || 6379);
  const { delayMs } = options;
  const writes: number[] = [];
  const sockets = new Set<Socket>();
  // Timers of the same duration fire in the order they were set: the chunks keep their order.
  const pass = (to: Socket, chunk: Buffer) => {
    if (delayMs === 0) to.write(chunk);
    else setTimeout(() => to.writable && to.write(chunk), delayMs);
  };
  const end = (socket: Socket) => (delayMs === 0 ? socket.end() : setTimeout(() => socket.end(), delayMs));
  const server = createServer((client) => {
    client.setNoDelay(true);
    const upstream = connect({ host: target.hostname, port: targetPort, noDelay: true });
    for (const socket of [client, upstream]) {
      sockets.add(socket);
      socket.on("close", () => sockets.delete(socket));
      // A side gone: the other follows (Redis and ioredis reconnect as they would over a network).
      socket.on("error", () => socket.destroy());
    }
    client.on("data", (chunk) => {
      writes.push(performance.now());
      pass(upstream, chunk);
    });
    upstream.on("data", (chunk) => pass(client, chunk));
    client.on("end", () => end(upstream));
    upstream.on("end", () => end(client));
    client.on("close", () => upstream.destroy());
    upstream.on("close", () => client.destroy());
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const address = server.address();
  const port = typeof address === "object" && address ? address.port : 0;
  const url = new URL(options.target);
  url.hostname = "127.0.0.1";
  url.port = String(port);
  return {
    port,
    url: url.toString().replace(/\/$/, ""),
    writes,
    writesBetween: (from, to) => writes.filter((at) => at >= from && at <= to).length,
    close: async () => {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
