import { randomUUID } from 'node:crypto';
import formbody from '@fastify/formbody';
import websocket from '@fastify/websocket';
import Fastify, { type FastifyInstance } from 'fastify';
import { validatorCompiler } from 'fastify-type-provider-zod';
import type { AppDeps } from './deps';
import { auditLogRoutes } from './modules/audit/log-routes';
import { authRoutes } from './modules/auth/routes';
import { autoRefillRoutes } from './modules/auto-refill/routes';
import { cartRoutes } from './modules/cart/routes';
import { catalogRoutes } from './modules/catalog/routes';
import { checkoutProgressRoutes } from './modules/checkout-progress/routes';
import { configRoutes } from './modules/config/routes';
import { devRoutes } from './modules/dev/routes';
import { documentRoutes } from './modules/documents/routes';
import { guestOrderRoutes } from './modules/guest-orders/routes';
import { healthRoutes } from './modules/health/routes';
import { labRoutes } from './modules/labs/routes';
import { orderHistoryRoutes } from './modules/order-history/routes';
import { passwordResetRoutes } from './modules/password-reset/routes';
import { gatewayRoutes } from './modules/payments/gateway-routes';
import { paymentRoutes } from './modules/payments/routes';
import { pharmacyRoutes } from './modules/pharmacy/routes';
import { paymentLinkRoutes, phoneOrderRoutes } from './modules/phone-orders/routes';
import { profileRoutes } from './modules/profile/routes';
import { questionnaireRoutes } from './modules/questionnaire/routes';
import { ecpImportRoutes } from './modules/registration/intake-import-routes';
import { ecpIntakeRoutes } from './modules/registration/intake-routes';
import { registrationRoutes } from './modules/registration/routes';
import { schedulingRoutes } from './modules/scheduling/routes';
import { sessionRoutes } from './modules/session/routes';
import { shippingRoutes } from './modules/shipping/routes';
import { staffOrderRoutes } from './modules/staff-orders/routes';
import { staffPatientRoutes } from './modules/staff-patients/routes';
import { visitRoutes } from './modules/visits/routes';
import { pageStorefront } from './modules/web-shell/page-storefront';
import { answerSerializerCompiler } from './plugins/answer-serializer';
import { registerAuth } from './plugins/auth';
import { registerCompression } from './plugins/compression';
import { registerDraining } from './plugins/draining';
import { registerErrorHandling } from './plugins/envelope';
import { loggerOptions } from './plugins/logging';
import { registerOpenApi } from './plugins/openapi';
import { registerSecurity } from './plugins/security';
import { registerStaffReadAudit } from './plugins/staff-read-audit';
import { registerStaticApps } from './plugins/static-apps';

type RouteModule = (app: FastifyInstance, deps: AppDeps) => void;

/** Builds the whole app with its plugins and modules. It never listens: main.ts and tests do. */
export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const { config } = deps;
  const app = Fastify({
    logger: loggerOptions(config.logLevel),
    genReqId: () => randomUUID(),
    requestIdHeader: false,
    // Trust exactly TRUST_PROXY_HOPS proxies in front of us (none by default).
    trustProxy: (_address: string, hop: number) => hop < config.trustProxyHops,
    bodyLimit: 1_048_576,
    // Draining serves what is already on its way (plugins/draining.ts) instead of a 503.
    return503OnClosing: false,
    ajv: { customOptions: { removeAdditional: false } },
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(answerSerializerCompiler);

  registerErrorHandling(app);
  registerDraining(app);
  registerStaffReadAudit(app, deps.database);
  await registerSecurity(app, config, deps.database);
  await app.register(formbody, { bodyLimit: 65_536 });
  await registerCompression(app);
  // Before every route: upgrades to routes without a WebSocket handler are refused.
  await app.register(websocket, { options: { maxPayload: 65_536 } });
  if (deps.config.apiDocs) await registerOpenApi(app);
  await registerAuth(app, deps.database, config.apiKey);

  const modules: RouteModule[] = [
    healthRoutes,
    authRoutes,
    passwordResetRoutes,
    profileRoutes,
    configRoutes,
    sessionRoutes,
    registrationRoutes,
    ecpIntakeRoutes,
    ecpImportRoutes,
    staffPatientRoutes,
    auditLogRoutes,
    cartRoutes,
    guestOrderRoutes,
    checkoutProgressRoutes,
    catalogRoutes,
    questionnaireRoutes,
    schedulingRoutes,
    shippingRoutes,
    pharmacyRoutes,
    paymentRoutes,
    gatewayRoutes,
    orderHistoryRoutes,
    autoRefillRoutes,
    phoneOrderRoutes,
    paymentLinkRoutes,
    staffOrderRoutes,
    visitRoutes,
    documentRoutes,
    labRoutes,
  ];
  if (config.devOutbox) modules.push(devRoutes);
  for (const register of modules) register(app, deps);
  await registerStaticApps(app, config, (home) =>
    pageStorefront(deps.database, config.storefrontId, home),
  );

  await app.ready();
  return app;
}
