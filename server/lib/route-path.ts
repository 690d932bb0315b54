import { defaultBasePaths } from '../../shared/api/bases';
import { type EndpointName, endpoints } from '../../shared/api/endpoints';

/** An endpoint's route path on this server, its `{name}` parts as Fastify parameters. */
export function routePath(name: EndpointName): string {
  const { family, path } = endpoints[name];
  return `${defaultBasePaths[family]}/${path.replace(/\{(\w+)\}/g, ':$1')}`;
}
