import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { once } from 'node:events';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { waitForHttp } from './wait-for';

export interface Nginx {
  url: string;
  process: ChildProcess;
  stop(): Promise<void>;
}

/** A certificate and its private key (PEM files) for TLS ending at nginx. */
export interface NginxTls {
  certificate: string;
  key: string;
}

/** Debian's nginx (`apt-get install nginx`), or the one named by NGINX_PATH. */
export function nginxBinary(): string {
  return process.env.NGINX_PATH ?? '/usr/sbin/nginx';
}

/**
 * deploy/nginx.conf.template with this run's directory, address and replicas; with `tls`, the
 * address takes HTTPS and HTTP/2 (`listen … ssl http2`, nginx 1.22 as Debian ships it).
 */
export function renderNginxConfig(input: {
  dir: string;
  listen: string;
  ports: number[];
  tls?: NginxTls | undefined;
}) {
  const template = readFileSync(resolve('deploy/nginx.conf.template'), 'utf8');
  const servers = input.ports
    .map((port) => `    server 127.0.0.1:${port} max_fails=1 fail_timeout=2s;`)
    .join('\n');
  const tls = input.tls
    ? `    ssl_certificate ${input.tls.certificate};\n    ssl_certificate_key ${input.tls.key};`
    : '';
  return template
    .replaceAll('{{dir}}', input.dir)
    .replaceAll('{{listen}}', input.tls ? `${input.listen} ssl http2` : input.listen)
    .replaceAll('{{tls}}', tls)
    .replaceAll('{{servers}}', servers);
}

/** nginx in the foreground on 127.0.0.1:`port`, balancing over the replicas' ports. */
export async function startNginx(input: {
  dir: string;
  port: number;
  replicaPorts: number[];
  tls?: NginxTls;
}): Promise<Nginx> {
  mkdirSync(input.dir, { recursive: true });
  const config = join(input.dir, 'nginx.conf');
  writeFileSync(
    config,
    renderNginxConfig({
      dir: input.dir,
      listen: `127.0.0.1:${input.port}`,
      ports: input.replicaPorts,
      tls: input.tls,
    }),
  );
  const check = spawnSync(nginxBinary(), ['-t', '-q', '-p', input.dir, '-c', config], {
    encoding: 'utf8',
  });
  if (check.status !== 0) throw new Error(`nginx refused its configuration:\n${check.stderr}`);
  const child = spawn(nginxBinary(), ['-p', input.dir, '-c', config, '-g', 'daemon off;'], {
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const exited = once(child, 'exit');
  const url = `${input.tls ? 'https' : 'http'}://127.0.0.1:${input.port}`;
  await waitForHttp(`${url}/api/health/live`, {
    isAlive: () => child.exitCode === null,
    ...(input.tls ? { ca: readFileSync(input.tls.certificate, 'utf8') } : {}),
  });
  return {
    url,
    process: child,
    async stop() {
      if (child.exitCode !== null) return;
      child.kill('SIGQUIT');
      await exited;
    },
  };
}
