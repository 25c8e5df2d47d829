/**
 * A tiny TCP proxy between the shop and the PostgreSQL server, so a test can take the database
 * away without touching the server other tests use: `refuse()` cuts every connection and stops
 * listening (a server that is down), `hold()` accepts connections and never answers (a server
 * that hangs or a network that drops packets), `open()` forwards again.
 */
import net from "node:net";

export type TcpProxy = { open(): Promise<void>; refuse(): Promise<void>; hold(): Promise<void>; close(): Promise<void> };

export function createTcpProxy(listenPort: number, target: { host: string; port: number }): TcpProxy {
  const sockets = new Set<net.Socket>();
  let server: net.Server | null = null;
  let forwarding = false;

  const track = (socket: net.Socket) => {
    sockets.add(socket);
    socket.on("error", () => socket.destroy());
    socket.once("close", () => sockets.delete(socket));
  };

  const listen = () =>
    new Promise<void>((resolve, reject) => {
      const s = net.createServer((client) => {
        track(client);
        if (!forwarding) return;
        const upstream = net.connect(target.port, target.host);
        track(upstream);
        client.pipe(upstream);
        upstream.pipe(client);
        client.once("close", () => upstream.destroy());
        upstream.once("close", () => client.destroy());
      });
      s.once("error", reject);
      s.listen(listenPort, "127.0.0.1", () => resolve());
      server = s;
    });

  const stop = async () => {
    for (const socket of sockets) socket.destroy();
    sockets.clear();
    const s = server;
    server = null;
    if (s) await new Promise<void>((resolve) => s.close(() => resolve()));
  };

  return {
    async open() {
      forwarding = true;
      if (!server) await listen();
    },
    async refuse() {
      forwarding = false;
      await stop();
    },
    async hold() {
      await stop();
      forwarding = false;
      await listen();
    },
    close: stop,
  };
}
