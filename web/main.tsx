import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { publicConfigQuery } from '../renderer/features/checkout/use-public-config';
import { WebApp } from './app/web-app';
import { createWebRuntime, startSessionGuid } from './app/web-runtime';
import '../renderer/components/visually-hidden.css';
import './styles/app.css';

const runtime = createWebRuntime();
// Credentials first (a guest token, or the stored user token checked), then the session GUID.
void runtime.session.ensureCredentials();
startSessionGuid(runtime);
// The storefront's config at once, beside the credentials: the first screen waits for it.
void runtime.queryClient.prefetchQuery(publicConfigQuery(runtime.client));

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root');
createRoot(container).render(
  <StrictMode>
    <WebApp runtime={runtime} />
  </StrictMode>,
);
