import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import http from 'node:http';
import https from 'node:https';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** What the fake web answers for one request; undefined means 404. */
export interface FakeResponse {
  status?: number;
  type?: string;
  body: string;
}
export type Responder = (url: URL) => FakeResponse | undefined | Promise<FakeResponse | undefined>;

export interface FakeWeb {
  /** The proxy's port on 127.0.0.1 (Firefox's `network.proxy.*` prefs point here). */
  port: number;
  /** Every https URL a browser asked for through the proxy, with the time it arrived. */
  requests: { at: number; url: string }[];
  close(): Promise<void>;
}

/**
 * A self-signed certificate for the hosts the fake web serves, made with the openssl CLI (Node cannot
 * sign X.509). Firefox accepts it only because the session is started with acceptInsecureCerts.
 */
function makeCertificate(hosts: string[]): { key: Buffer; cert: Buffer } {
  const dir = mkdtempSync(join(tmpdir(), 'pp-cert-'));
  try {
    execFileSync(
      'openssl',
      [
        'req',
        '-x509',
        '-newkey',
        'rsa:2048',
        '-nodes',
        '-days',
        '2',
        '-subj',
        '/CN=paperpulse-e2e',
        '-addext',
        `subjectAltName=${hosts.map((h) => `DNS:${h}`).join(',')}`,
        '-keyout',
        join(dir, 'key.pem'),
        '-out',
        join(dir, 'cert.pem'),
      ],
      { stdio: 'ignore' },
    );
    return { key: readFileSync(join(dir, 'key.pem')), cert: readFileSync(join(dir, 'cert.pem')) };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/**
 * An HTTP proxy on 127.0.0.1 that answers https requests for `hosts` itself (CONNECT, then TLS with a
 * throwaway certificate) and refuses every other host. It reaches what request interception cannot: the
 * extension's background page, whose fetches to export.arxiv.org WebDriver BiDi does not intercept.
 */
export async function startFakeWeb(hosts: string[], respond: Responder): Promise<FakeWeb> {
  const requests: FakeWeb['requests'] = [];
  const tlsServer = https.createServer(makeCertificate(hosts), async (req, res) => {
    const url = new URL(req.url ?? '/', `https://${req.headers.host}`);
    requests.push({ at: Date.now(), url: url.toString() });
    const answer = await respond(url);
    res.writeHead(answer?.status ?? (answer ? 200 : 404), {
      'content-type': answer?.type ?? 'text/plain; charset=utf-8',
    });
    res.end(answer?.body ?? 'not found');
  });
  const proxy = http.createServer((_req, res) => {
    // Plain http is never what the extension or the fixtures use.
    res.writeHead(502);
    res.end();
  });
  proxy.on('connect', (req, socket, head) => {
    const host = (req.url ?? '').replace(/:\d+$/, '');
    if (!hosts.includes(host)) {
      socket.end('HTTP/1.1 502 Bad Gateway\r\n\r\n');
      return;
    }
    socket.write('HTTP/1.1 200 Connection Established\r\n\r\n');
    if (head.length > 0) socket.unshift(head);
    tlsServer.emit('connection', socket);
  });
  await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve));
  return {
    port: (proxy.address() as AddressInfo).port,
    requests,
    async close() {
      proxy.closeAllConnections();
      tlsServer.closeAllConnections();
      await new Promise((resolve) => proxy.close(resolve));
    },
  };
}
