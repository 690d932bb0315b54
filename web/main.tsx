import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { createBrowserRouter } from 'react-router';
import { catalogKeys } from '../renderer/features/catalog/catalog-keys';
import { publicConfigQuery } from '../renderer/features/checkout/use-public-config';
import type { ProductData } from '../shared/contracts/catalog';
import { dropOnceLoaded } from './app/early-reads';
import { embeddedCatalog, embeddedPublicConfig } from './app/embedded-page-data';
import { createRouteTable } from './app/route-table';
import { WebApp } from './app/web-app';
import { createWebRuntime, startSessionGuid } from './app/web-runtime';
import '../renderer/components/visually-hidden.css';
import './styles/app.css';

const runtime = createWebRuntime();
// Credentials first (a guest token, or the stored user token checked), then the session GUID.
void runtime.session.ensureCredentials();
startSessionGuid(runtime);
// The storefront's config: the one the page's HTML came with, else asked for at once, beside
// the credentials: the first screen waits for it. The home page's HTML also brings the catalog,
// so its products are drawn in the first render.
const publicConfig = publicConfigQuery(runtime.client);
const embedded = embeddedPublicConfig(document);
if (embedded) {
  runtime.queryClient.setQueryData(publicConfig.queryKey, embedded);
  const catalog = embeddedCatalog(document);
  if (catalog) {
    runtime.queryClient.setQueryData<ProductData[]>(
      catalogKeys.products(embedded.storefrontId),
      catalog,
    );
  }
} else void runtime.queryClient.prefetchQuery(publicConfig);
// The router now, not in the first render: entering the first route asks for its reads (its
// loader) at once, beside the two above, instead of once React has scheduled that render.
const router = createBrowserRouter(createRouteTable(runtime));
dropOnceLoaded(router, runtime.dropEarlyReads);

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root');
const root = createRoot(container);
// A transition: React renders the first screen in slices of a few ms and lets the browser run
// between them, instead of one long task (on a phone's slower CPU, time it counts as blocking).
// The page's HTML stays on screen until the first screen is committed.
startTransition(() =>
  root.render(
    <StrictMode>
      <WebApp runtime={runtime} router={router} />
    </StrictMode>,
  ),
);
