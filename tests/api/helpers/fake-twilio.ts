import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface TwilioMessage {
  to: string;
  from: string;
  body: string;
  /** The Basic credentials the request carried, decoded ("sid:token"). */
  credentials: string;
}

/**
 * A local stand-in for Twilio's Messages API (POST /2010-04-01/Accounts/{sid}/Messages.json,
 * form-encoded, HTTP Basic): what the official SDK sends is recorded and answered as Twilio
 * does. `failNext(n, status)` answers the next n requests with an error instead.
 */
export async function startFakeTwilio() {
  const received: TwilioMessage[] = [];
  let requests = 0;
  let failures: { left: number; status: number } = { left: 0, status: 500 };
  const server = createServer(async (req, res) => {
    requests += 1;
    const form = new URLSearchParams(await bodyOf(req));
    const match = /^\/2010-04-01\/Accounts\/(AC[0-9a-f]{32})\/Messages\.json$/.exec(req.url ?? '');
    const credentials = Buffer.from(
      (req.headers.authorization ?? '').replace(/^Basic /, ''),
      'base64',
    ).toString();
    res.setHeader('content-type', 'application/json');
    if (req.method !== 'POST' || !match || !credentials.startsWith(`${match[1]}:`)) {
      res.statusCode = 401;
      res.end(JSON.stringify({ code: 20003, message: 'Authenticate', status: 401 }));
      return;
    }
    if (failures.left > 0) {
      failures.left -= 1;
      res.statusCode = failures.status;
      res.end(JSON.stringify({ code: 21211, message: 'Failure', status: failures.status }));
      return;
    }
    const message = {
      to: form.get('To') ?? '',
      from: form.get('From') ?? form.get('MessagingServiceSid') ?? '',
      body: form.get('Body') ?? '',
      credentials,
    };
    received.push(message);
    res.statusCode = 201;
    res.end(
      JSON.stringify({
        sid: `SM${'0'.repeat(32 - String(received.length).length)}${received.length}`,
        account_sid: match[1],
        to: message.to,
        from: message.from,
        body: message.body,
        status: 'queued',
      }),
    );
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    received,
    requests: () => requests,
    failNext(count: number, status = 500) {
      failures = { left: count, status };
    },
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export type FakeTwilio = Awaited<ReturnType<typeof startFakeTwilio>>;

async function bodyOf(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString();
}
