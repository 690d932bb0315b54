import type { Download, Page } from '@playwright/test';
import { PDFParse } from 'pdf-parse';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { labTestName } from '../../shared/labs/lab-tests';
import { call } from '../api/helpers/http';
import { pdfBytes } from '../api/helpers/sample-files';
import { postFile } from '../api/helpers/upload';
import { demo, tokenFor } from '../api/helpers/users';
import { bookedVisit } from '../api/helpers/visits';
import { checkAtEveryWidth } from './helpers/axe';
import { screenshot, viewports } from './helpers/browser';
import { signInToConsole } from './helpers/console-session';
import { type E2eApp, startE2e } from './helpers/e2e-app';
import { signedInPage } from './helpers/signed-in';
import { waitForMessage } from './web-shop-helpers';

let e2e: E2eApp;
beforeAll(async () => {
  e2e = await startE2e();
});
afterAll(async () => {
  await e2e?.close();
});

/** Clicks a download button and reads the PDF it saves back to text. */
async function downloadedPdf(page: Page, scope: ReturnType<Page['getByRole']>, button: string) {
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    scope.getByRole('button', { name: button }).click(),
  ]);
  return { name: download.suggestedFilename(), text: await pdfTextOf(download) };
}

async function pdfTextOf(download: Download): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of await download.createReadStream()) chunks.push(chunk as Buffer);
  const bytes = new Uint8Array(Buffer.concat(chunks));
  return (await new PDFParse({ data: bytes }).getText()).text;
}

describe('labs', () => {
  it('the doctor orders them in the chart, an agent enters the results, the patient downloads both PDFs', async () => {
    const { page, context, user } = await signedInPage(e2e);
    const visit = await bookedVisit(e2e.app, user.id, {
      startsAt: new Date(Date.now() + 60 * 60_000),
    });

    // The doctor orders two tests from the visit's chart.
    const doctorContext = await e2e.browser.newContext({ viewport: viewports.desktop });
    const doctor = await doctorContext.newPage();
    await signInToConsole(doctor, e2e.url, demo.doctor, '/visits');
    await doctor.goto(`${e2e.url}/console/#/visits/${visit.orderId}`);
    const order = doctor.getByRole('form', { name: 'Order labs' });
    await order.getByLabel(labTestName('CBC')).check();
    await order.getByLabel(labTestName('LIPID')).check();
    await order.getByRole('button', { name: 'ORDER LABS' }).click();
    const doctorLabs = doctor.getByRole('list', { name: 'Labs' });
    const ordered = doctorLabs.getByRole('listitem', { name: /^Lab LR-/ });
    await ordered.getByText('Ordered', { exact: true }).waitFor();
    const requisitionNumber = /LR-[A-Z0-9]{8}/.exec(
      (await ordered.getAttribute('aria-label')) ?? '',
    )?.[0];
    expect(requisitionNumber).toBeTruthy();
    const doctorCopy = await downloadedPdf(doctor, ordered, 'DOWNLOAD LAB REQUISITION');
    expect(doctorCopy.text).toContain('Test Person');
    await screenshot(doctor, 'labs-doctor-chart-1280');
    await doctorContext.close();

    // An agent records the sample and types the results in the patient's view.
    const agentContext = await e2e.browser.newContext({ viewport: viewports.desktop });
    const agent = await agentContext.newPage();
    await signInToConsole(agent, e2e.url, demo.agent, `/patients/${user.id}`);
    await agent.getByRole('tab', { name: 'Labs' }).click();
    const lab = agent.getByRole('listitem', { name: `Lab ${requisitionNumber}` });
    await lab.getByRole('button', { name: 'SAMPLE COLLECTED' }).click();
    await lab.getByText('Collected', { exact: true }).waitFor();
    await lab.getByRole('button', { name: 'ENTER RESULTS' }).click();
    await lab.getByLabel(`${labTestName('CBC')} result`).fill('Within normal limits');
    await lab.getByLabel(`${labTestName('LIPID')} result`).fill('182');
    await lab.getByLabel(`${labTestName('LIPID')} unit`).fill('mg/dL');
    await lab.getByLabel(`${labTestName('LIPID')} reference range`).fill('< 200');
    await lab.getByRole('button', { name: 'SAVE RESULTS' }).click();
    await lab.getByText('Resulted', { exact: true }).waitFor();
    await screenshot(agent, 'labs-console-patient-1280');
    await agentContext.close();

    // The notice's link opens the patient's labs; both PDFs download.
    const [link] = await waitForMessage(e2e.url, user.email, /http\S+\/my-account\?tab=labs/);
    const url = new URL(link ?? '');
    await page.goto(`${url.pathname}${url.search}`);
    const mine = page.getByRole('listitem', { name: `Lab ${requisitionNumber}` });
    await mine.getByText('Resulted', { exact: true }).waitFor();
    const requisition = await downloadedPdf(page, mine, 'DOWNLOAD LAB REQUISITION');
    expect(requisition.name).toBe(`${requisitionNumber}-requisition.pdf`);
    expect(requisition.text).toContain(requisitionNumber);
    expect(requisition.text).toContain(labTestName('LIPID'));
    const results = await downloadedPdf(page, mine, 'DOWNLOAD LAB RESULTS');
    expect(results.name).toBe(`${requisitionNumber}-results.pdf`);
    expect(results.text).toContain('182');
    expect(results.text).toContain('Within normal limits');
    await checkAtEveryWidth(page, 'labs');

    // VIEW MY LABS from the documents leads back here.
    await page.goto('/my-account?tab=documents');
    await page.getByRole('button', { name: 'VIEW MY LABS' }).click();
    await page.getByRole('heading', { name: 'Labs' }).waitFor();
    await context.close();
  });

  it('an agent uploads the lab’s own PDF, the doctor downloads a document from the chart, and VIEW MY LABS on the ended visit leads to it', async () => {
    const { page, context, user, token } = await signedInPage(e2e);
    const visit = await bookedVisit(e2e.app, user.id, {
      startsAt: new Date(Date.now() + 60 * 60_000),
      status: 'ended',
    });
    const uploaded = await postFile(
      `${e2e.url}/api/user/Documents/`,
      token,
      pdfBytes(),
      'insurance-card.pdf',
      'application/pdf',
    );
    expect(uploaded.status).toBe(200);
    const doctorToken = await tokenFor(e2e.app, demo.doctor.email, demo.doctor.password);
    const ordered = await call(e2e.url, 'POST', `/api/staff/visits/${visit.orderId}/labs`, {
      token: doctorToken,
      json: { tests: ['CBC'] },
    });
    expect(ordered.status).toBe(200);
    const requisitionNumber: string = ordered.body.Data.requisitionNumber;

    // The doctor downloads the patient's document from the chart.
    const doctorContext = await e2e.browser.newContext({ viewport: viewports.desktop });
    const doctor = await doctorContext.newPage();
    await signInToConsole(doctor, e2e.url, demo.doctor, '/visits');
    await doctor.goto(`${e2e.url}/console/#/visits/${visit.orderId}`);
    const [document] = await Promise.all([
      doctor.waitForEvent('download'),
      doctor.getByRole('button', { name: 'Download insurance-card.pdf' }).click(),
    ]);
    expect(document.suggestedFilename()).toBe('insurance-card.pdf');
    await doctorContext.close();

    // An agent attaches the lab's own PDF with UPLOAD RESULTS PDF.
    const agentContext = await e2e.browser.newContext({ viewport: viewports.desktop });
    const agent = await agentContext.newPage();
    await signInToConsole(agent, e2e.url, demo.agent, `/patients/${user.id}`);
    await agent.getByRole('tab', { name: 'Labs' }).click();
    const lab = agent.getByRole('listitem', { name: `Lab ${requisitionNumber}` });
    const [chooser] = await Promise.all([
      agent.waitForEvent('filechooser'),
      lab.getByRole('button', { name: 'UPLOAD RESULTS PDF' }).click(),
    ]);
    await chooser.setFiles({
      name: 'lab-report.pdf',
      mimeType: 'application/pdf',
      buffer: pdfBytes(),
    });
    await lab.getByText('Resulted', { exact: true }).waitFor();
    await agentContext.close();

    // The ended visit's VIEW MY LABS opens the labs, where the lab's PDF downloads as it came.
    await page.goto(`/checkout/ended-visit?orderId=${visit.orderId}`);
    await page.getByRole('button', { name: 'VIEW MY LABS' }).click();
    const mine = page.getByRole('listitem', { name: `Lab ${requisitionNumber}` });
    await mine.getByText('Resulted', { exact: true }).waitFor();
    const [results] = await Promise.all([
      page.waitForEvent('download'),
      mine.getByRole('button', { name: 'DOWNLOAD LAB RESULTS' }).click(),
    ]);
    expect(results.suggestedFilename()).toBe(`${requisitionNumber}-results.pdf`);
    await context.close();
  });

  it('a patient without labs is told so', async () => {
    const { page, context } = await signedInPage(e2e);
    await page.goto('/my-account?tab=labs');
    await page.getByText('You have no labs yet.', { exact: false }).waitFor();
    await context.close();
  });
});
