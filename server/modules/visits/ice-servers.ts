import { createHmac } from 'node:crypto';
import type { IceServer } from '../../../shared/contracts/visit-signals';
import type { AppConfig } from '../../config';

/**
 * The STUN and TURN servers a visit's browser may use. With a TURN secret, the TURN entry
 * carries credentials in coturn's REST format (`use-auth-secret`): the user name is the expiry
 * (Unix seconds) and who it is for, the password the HMAC-SHA1 of that name under the shared
 * secret, in base64. They expire on their own; nothing is stored.
 */
export function iceServersFor(
  ice: AppConfig['visitIce'],
  personKey: string,
  now: Date = new Date(),
): IceServer[] {
  const servers: IceServer[] = [];
  if (ice.stunUrls.length > 0) servers.push({ urls: ice.stunUrls });
  if (ice.turnUrls.length > 0 && ice.turnSecret) {
    const expiresAt = Math.floor(now.getTime() / 1000) + ice.turnTtlSeconds;
    const username = `${expiresAt}:${personKey}`;
    const credential = createHmac('sha1', ice.turnSecret).update(username).digest('base64');
    servers.push({ urls: ice.turnUrls, username, credential });
  }
  return servers;
}
