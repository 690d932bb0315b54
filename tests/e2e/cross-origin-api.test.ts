import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Browser, Page } from '@playwright/test';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../api/helpers/test-app';
import { launchBrowser, newPage } from './helpers/browser';

/**
 * CORS as a browser meets it (`server/plugins/cors.ts`): a page on one of the console's origins
 * (`CORS_ORIGINS`) calls the API with a token, which takes a preflight, and reads the answer and
 * its request id; a page on any other origin is refused by the browser before its script sees
 * anything. Both pages are served from this machine, as the API is, so that CORS alone decides
 * (not the browser's rules for public pages calling local addresses).
 */
let consolePage: Server;
let otherPage: Server;
let app: TestApp;
let browser: Browser;

/** A blank page on its own port: an origin of its own. */
async function blankPageServer(): Promise<Server> {
  const server = createServer((_request, response) => {
    response.writeHead(200, { 'content-type': 'text/html' });
    response.end('<!doctype html><title>elsewhere</title>');
  });
  await new Promise<void>((listening) => server.listen(0, '127.0.0.1', listening));
  return server;
}
const originOf = (server: Server) => `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

beforeAll(async () => {
  consolePage = await blankPageServer();
  otherPage = await blankPageServer();
  app = await startTestApp({ corsOrigins: [originOf(consolePage)] });
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await app?.close();
  consolePage?.close();
  otherPage?.close();
});

/** What a script on the page at `origin` gets from the cart with a bearer token. */
async function callCartFrom(origin: string) {
  const { context, page } = await newPage(browser, origin);
  try {
    await page.goto('/');
    return await fetchCart(page, app.url);
  } finally {
    await context.close();
  }
}

function fetchCart(page: Page, api: string) {
  return page.evaluate(async (url) => {
    try {
      // A bearer token and a JSON type: the browser asks with a preflight first.
      const res = await fetch(`${url}/api/user/Cart/GetItemsInCart`, {
        headers: { authorization: 'Bearer not-a-token', 'content-type': 'application/json' },
      });
      return { status: res.status, requestId: res.headers.get('x-request-id') };
    } catch (error) {
      return { refused: String(error) };
    }
  }, api);
}

describe('the API called from another origin', () => {
  it("answers a console origin's script, preflight and all", async () => {
    const answer = await callCartFrom(originOf(consolePage));
    // The token is refused, and the script may read that and the answer's request id.
    expect(answer).toMatchObject({ status: 401 });
    expect(answer.requestId).toMatch(/^[0-9a-f-]{36}$/);
  });

  it("is refused by the browser to any other origin's script", async () => {
    expect(await callCartFrom(originOf(otherPage))).toEqual({
      refused: 'TypeError: Failed to fetch',
    });
  });
});
