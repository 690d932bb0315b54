// A real SMTP server in its own process for the email tests: plain SMTP on a loopback port
// (no TLS, no authentication, as a relay inside a private network). It prints "PORT n" once
// listening, then one JSON line per message received: { from, to, raw }.
import { SMTPServer } from 'smtp-server';

const server = new SMTPServer({
  authOptional: true,
  disabledCommands: ['STARTTLS', 'AUTH'],
  logger: false,
  disableReverseLookup: true,
  onData(stream, session, callback) {
    const chunks = [];
    stream.on('data', (chunk) => chunks.push(chunk));
    stream.on('end', () => {
      const message = {
        from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
        to: session.envelope.rcptTo.map((r) => r.address),
        raw: Buffer.concat(chunks).toString('utf8'),
      };
      process.stdout.write(`${JSON.stringify(message)}\n`);
      callback();
    });
  },
});

server.listen(0, '127.0.0.1', () => {
  process.stdout.write(`PORT ${server.server.address().port}\n`);
});
process.on('SIGTERM', () => server.close(() => process.exit(0)));
