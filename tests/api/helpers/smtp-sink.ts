import { type ChildProcess, spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';

export interface ReceivedMail {
  from: string;
  to: string[];
  raw: string;
}

export interface SmtpSink {
  port: number;
  received: ReceivedMail[];
  /** Waits until a message to this address has arrived (the sink runs in another process). */
  waitFor(to: string, timeoutMs?: number): Promise<ReceivedMail>;
  stop(): Promise<void>;
}

const script = fileURLToPath(new URL('../../support/smtp-sink-server.mjs', import.meta.url));

/** Starts the SMTP server process and resolves once it listens. */
export function startSmtpSink(): Promise<SmtpSink> {
  return new Promise((resolve, reject) => {
    const child: ChildProcess = spawn(process.execPath, [script], {
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    const received: ReceivedMail[] = [];
    let buffer = '';
    let started = false;
    child.once('error', reject);
    child.stdout?.setEncoding('utf8');
    child.stdout?.on('data', (chunk: string) => {
      buffer += chunk;
      let newline = buffer.indexOf('\n');
      while (newline >= 0) {
        const line = buffer.slice(0, newline);
        buffer = buffer.slice(newline + 1);
        newline = buffer.indexOf('\n');
        if (!started && line.startsWith('PORT ')) {
          started = true;
          resolve(sink(Number(line.slice(5))));
        } else if (line.startsWith('{')) {
          received.push(JSON.parse(line) as ReceivedMail);
        }
      }
    });

    function sink(port: number): SmtpSink {
      return {
        port,
        received,
        async waitFor(to, timeoutMs = 5000) {
          const deadline = Date.now() + timeoutMs;
          for (;;) {
            const found = received.find((m) => m.to.includes(to));
            if (found) return found;
            if (Date.now() > deadline) throw new Error(`no mail to ${to}`);
            await new Promise((r) => setTimeout(r, 25));
          }
        },
        stop: () =>
          new Promise((done) => {
            child.once('exit', () => done());
            child.kill('SIGTERM');
          }),
      };
    }
  });
}
