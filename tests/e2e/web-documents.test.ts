import type { Browser } from '@playwright/test';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages, validationMessages } from '../../shared/errors/messages';
import { MAX_UPLOAD_BYTES } from '../../shared/validation/uploads';
import { pngBytes, realHeicPhoto } from '../api/helpers/sample-files';
import { demo } from '../api/helpers/users';
import { checkAtEveryWidth } from './helpers/axe';
import { launchBrowserWithCamera } from './helpers/browser';
import { signInToConsole } from './helpers/console-session';
import { type E2eApp, startE2e } from './helpers/e2e-app';
import { signedInPage } from './helpers/signed-in';

let e2e: E2eApp;
let withCamera: Browser;
beforeAll(async () => {
  e2e = await startE2e();
  withCamera = await launchBrowserWithCamera();
});
afterAll(async () => {
  await withCamera?.close();
  await e2e?.close();
});

describe('documents in my account', () => {
  it('uploads a file and a photo from the camera, previews, downloads and deletes them', async () => {
    const { page, context, user } = await signedInPage({ ...e2e, browser: withCamera });
    let uploads = 0;
    page.on('request', (request) => {
      if (request.method() === 'POST' && request.url().includes('/api/user/Documents'))
        uploads += 1;
    });
    await page.goto('/my-account?tab=documents');
    await page.getByText('You have no documents yet.').waitFor();

    // A file over the limit is refused here, with the spec's message, and nothing is sent.
    await page.getByLabel('Choose a file to upload').setInputFiles({
      name: 'big.pdf',
      mimeType: 'application/pdf',
      buffer: Buffer.alloc(MAX_UPLOAD_BYTES + 1),
    });
    await page.getByText(validationMessages.fileTooLargeError).waitFor();
    expect(uploads).toBe(0);

    // A file from the disk.
    await page.getByLabel('Choose a file to upload').setInputFiles({
      name: 'insurance card.png',
      mimeType: 'image/png',
      buffer: pngBytes,
    });
    const list = page.getByRole('list', { name: 'Documents' });
    await list.getByText('insurance card.png').waitFor();
    await page.waitForFunction(() => {
      const image = document.querySelector<HTMLImageElement>(
        'img[alt="Preview of insurance card.png"]',
      );
      return (image?.complete ?? false) && (image?.naturalWidth ?? 0) > 0;
    });

    // A phone's HEIC photo: the server makes a JPEG of it, which the browser shows.
    await page.getByLabel('Choose a file to upload').setInputFiles({
      name: 'IMG_2041.HEIC',
      mimeType: 'image/heic',
      buffer: realHeicPhoto(400, 300),
    });
    await list.getByText('IMG_2041.HEIC').waitFor();
    await page.waitForFunction(() => {
      const image = document.querySelector<HTMLImageElement>('img[alt="Preview of IMG_2041.HEIC"]');
      return (image?.complete ?? false) && (image?.naturalWidth ?? 0) === 400;
    });

    // A photo from the camera: preview, take, retake, use.
    await page.getByRole('button', { name: 'TAKE A PHOTO' }).click();
    const dialog = page.getByRole('dialog', { name: 'Take a photo' });
    const take = dialog.getByRole('button', { name: 'TAKE PHOTO' });
    await expect.poll(() => take.isEnabled()).toBe(true);
    await page.waitForFunction(
      () =>
        (document.querySelector<HTMLVideoElement>('video[aria-label="Camera"]')?.videoWidth ?? 0) >
        0,
    );
    await take.click();
    await dialog.getByRole('button', { name: 'RETAKE' }).click();
    await take.click();
    await dialog.getByRole('button', { name: 'USE THIS PHOTO' }).click();
    await list.getByText(/^Photo \d{4}-\d{2}-\d{2}\.jpg$/).waitFor();
    expect(uploads).toBe(3);
    await checkAtEveryWidth(page, 'documents');

    // Download: the same bytes, under the document's name.
    const item = list.getByRole('listitem').filter({ hasText: 'insurance card.png' });
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      item.getByRole('button', { name: 'DOWNLOAD' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe('insurance card.png');
    const saved = await download.createReadStream();
    const chunks: Buffer[] = [];
    for await (const chunk of saved) chunks.push(chunk as Buffer);
    expect(Buffer.concat(chunks).equals(pngBytes)).toBe(true);

    // Staff see it in the console's patient view and download it (audited).
    const staff = await withCamera.newContext({ viewport: { width: 1280, height: 800 } });
    const agentPage = await staff.newPage();
    await signInToConsole(agentPage, e2e.url, demo.agent, `/patients/${user.id}`);
    await agentPage.getByRole('tab', { name: 'Documents (3)' }).click();
    const [staffDownload] = await Promise.all([
      agentPage.waitForEvent('download'),
      agentPage.getByRole('button', { name: 'Download insurance card.png' }).click(),
    ]);
    expect(staffDownload.suggestedFilename()).toBe('insurance card.png');
    await staff.close();

    // Delete, after confirming.
    await item.getByRole('button', { name: 'DELETE' }).click();
    await page.getByRole('tooltip').getByRole('button', { name: 'DELETE' }).click();
    await expect.poll(() => list.getByText('insurance card.png').count()).toBe(0);
    await context.close();
  });

  it('without a camera, TAKE A PHOTO says so', async () => {
    const { page, context } = await signedInPage(e2e);
    await page.goto('/my-account?tab=documents');
    await page.getByRole('button', { name: 'TAKE A PHOTO' }).click();
    await page.getByText(messages.noCamera).waitFor();
    await context.close();
  });
});
