import { text } from 'node:stream/consumers';

/**
 * The password for a command, never from argv (it would show in `ps` and shell history):
 * the environment variable if set, else standard input — typed without echo on a terminal,
 * or the first line of a pipe.
 */
export async function readPassword(envValue: string | undefined): Promise<string> {
  if (envValue !== undefined && envValue !== '') return envValue;
  const stdin = process.stdin;
  if (!stdin.isTTY) return firstLine(await text(stdin));
  return promptHidden('Password: ');
}

function firstLine(value: string): string {
  return value.split(/\r?\n/, 1)[0] ?? '';
}

function promptHidden(prompt: string): Promise<string> {
  const stdin = process.stdin;
  process.stderr.write(prompt);
  stdin.setRawMode(true);
  stdin.setEncoding('utf8');
  stdin.resume();
  return new Promise((resolve, reject) => {
    let typed = '';
    const finish = (done: () => void) => {
      stdin.off('data', onData);
      stdin.setRawMode(false);
      stdin.pause();
      process.stderr.write('\n');
      done();
    };
    const onData = (chunk: string) => {
      for (const char of chunk) {
        if (char === '\r' || char === '\n' || char === '\u0004') {
          finish(() => resolve(typed));
          return;
        }
        if (char === '\u0003') {
          finish(() => reject(new Error('Cancelled.')));
          return;
        }
        if (char === '\u007f' || char === '\b') typed = [...typed].slice(0, -1).join('');
        else typed += char;
      }
    };
    stdin.on('data', onData);
  });
}
