import type { Browser, Page } from '@playwright/test';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orders } from '../../server/db/schema/orders';
import { doctorRatings } from '../../server/db/schema/visits';
import { markMissedVisits, visitUpkeep } from '../../server/jobs/visit-upkeep';
import { messages } from '../../shared/errors/messages';
import { demo } from '../api/helpers/users';
import { bookedVisit, visitRow } from '../api/helpers/visits';
import { checkAtEveryWidth } from './helpers/axe';
import { launchBrowserWithCamera, newPage, screenshot, viewports } from './helpers/browser';
import { signInToConsole } from './helpers/console-session';
import { type E2eApp, startE2e } from './helpers/e2e-app';
import { signedInPage } from './helpers/signed-in';
import { waitForMessage } from './web-shop-helpers';

const minute = 60_000;
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

/** The other person's video is playing: it has a size. */
async function remoteVideoPlays(page: Page) {
  await page.waitForFunction(
    () => {
      const video = document.querySelector<HTMLVideoElement>('video.visit-call__remote');
      return video !== null && video.videoWidth > 0 && !video.paused;
    },
    undefined,
    { timeout: 30_000 },
  );
}

/** Media bytes received, as the call counts them from getStats(). */
async function inboundBytes(page: Page): Promise<number> {
  return Number(await page.locator('.visit-call').getAttribute('data-inbound-bytes'));
}

async function bytesRise(page: Page) {
  const before = await inboundBytes(page);
  await page.waitForFunction(
    (start) =>
      Number(document.querySelector('.visit-call')?.getAttribute('data-inbound-bytes')) >
      start + 10_000,
    before,
    { timeout: 15_000 },
  );
}

async function shoot(page: Page, name: string) {
  for (const viewport of [viewports.phone, viewports.desktop]) {
    await page.setViewportSize({ width: viewport.width, height: 900 });
    await screenshot(page, `${name}-${viewport.width}`);
  }
  await page.setViewportSize(viewports.desktop);
}

describe('a missed visit', () => {
  it('the welcome-back screen and the emailed link lead to a new time, booked once', async () => {
    const patient = await signedInPage(e2e);
    const { page } = patient;
    const visit = await bookedVisit(e2e.app, patient.user.id, {
      startsAt: new Date(Date.now() - 60 * minute),
    });
    await markMissedVisits(e2e.app.deps);

    await page.goto('/my-account');
    await page.getByText(/You missed your visit with Dr\./).waitFor();
    await checkAtEveryWidth(page, 'visit-welcome-missed');
    await page.getByRole('button', { name: 'VISIT DETAILS' }).first().waitFor();
    // SCHEDULE VISIT opens the rescheduling page of this visit.
    await page.getByRole('button', { name: 'SCHEDULE VISIT' }).first().click();
    await page.waitForURL(new RegExp(`/reschedulings\\?orderId=${visit.orderId}`));
    await page.getByRole('heading', { name: 'Reschedule your visit' }).waitFor();

    // The link of the missed-visit email is its own credential: it works signed out too.
    const [link] = await waitForMessage(e2e.url, patient.user.email, /http\S+\/reschedulings\/\S+/);
    const url = new URL(link ?? '');
    const { context: signedOut, page: linkPage } = await newPage(e2e.browser, e2e.url);
    await linkPage.goto(url.pathname);
    await linkPage.getByRole('heading', { name: 'Reschedule your visit' }).waitFor();
    await screenshot(linkPage, 'visit-reschedule-link-1280');
    await linkPage.getByRole('group', { name: 'Time' }).locator('label').first().click();
    await linkPage.getByRole('button', { name: 'SCHEDULE' }).click();
    await linkPage.getByText('Your visit has a new time').waitFor();
    await signedOut.close();
    expect(await visitRow(e2e.app, visit.orderId)).toMatchObject({
      status: 'scheduled',
      missedAt: null,
    });

    // The account lists it again as scheduled, with its actions; RESCHEDULE VISIT moves it again.
    await page.goto('/my-account?tab=visits');
    const card = page.getByRole('article').first();
    await card.getByRole('button', { name: 'VISIT DETAILS' }).waitFor();
    await screenshot(page, 'visit-account-list-1280');
    await card.getByRole('button', { name: 'RESCHEDULE VISIT' }).click();
    await page.getByRole('heading', { name: 'Reschedule your visit' }).waitFor();
    // Another day than the first: late in the day, the first day may have no other time left.
    await page.getByRole('group', { name: 'Day' }).locator('label').last().click();
    await page.getByRole('group', { name: 'Time' }).locator('label').first().click();
    await page.getByRole('button', { name: 'SCHEDULE' }).click();
    await page.getByText('Your visit has a new time').waitFor();
    await page.getByRole('button', { name: 'VISIT DETAILS' }).click();
    await page.getByText(/Your visit room opens at/).waitFor();
    await patient.context.close();
  });

  it("the day-before reminder's links open the visit and another time", async () => {
    const patient = await signedInPage(e2e);
    const visit = await bookedVisit(e2e.app, patient.user.id, {
      startsAt: new Date(Date.now() + 23 * 60 * minute),
    });
    await visitUpkeep(e2e.app.deps, { info() {}, warn() {}, error() {} });
    const [visitLink] = await waitForMessage(
      e2e.url,
      patient.user.email,
      new RegExp(`http\\S+/checkout/patient-visit\\?orderId=${visit.orderId}`),
    );
    const url = new URL(visitLink ?? '');
    await patient.page.goto(`${url.pathname}${url.search}`);
    await patient.page.getByText(/Your visit room opens at/).waitFor();
    const [otherTime] = await waitForMessage(
      e2e.url,
      patient.user.email,
      /http\S+\/reschedulings\/\S+/,
    );
    await patient.page.goto(new URL(otherTime ?? '').pathname);
    await patient.page.getByRole('heading', { name: 'Reschedule your visit' }).waitFor();
    await patient.context.close();
  });

  it('a visit about to start: CONNECT TO YOUR VISIT NOW from the account', async () => {
    const patient = await signedInPage(e2e);
    const visit = await bookedVisit(e2e.app, patient.user.id, {
      startsAt: new Date(Date.now() + 10 * minute),
    });
    await patient.page.goto('/my-account');
    await patient.page.getByText(/is about to start/).waitFor();
    await patient.page.getByRole('button', { name: 'CONNECT TO YOUR VISIT NOW' }).click();
    await patient.page.waitForURL(new RegExp(`/checkout/patient-visit\\?orderId=${visit.orderId}`));
    await patient.context.close();
  });
});

describe('a video visit', () => {
  it('the patient and the doctor meet, the doctor approves, the patient rates the doctor', async () => {
    const patient = await signedInPage({ ...e2e, browser: withCamera });
    const visit = await bookedVisit(e2e.app, patient.user.id, {
      startsAt: new Date(Date.now() + 5 * minute),
    });
    const { page } = patient;

    // START VISIT in the account opens the waiting room: the camera check, then CONNECT TO
    // YOUR VISIT NOW.
    await page.goto('/my-account?tab=visits');
    await page.getByRole('article').getByRole('button', { name: 'START VISIT' }).click();
    await page.waitForURL(new RegExp(`/checkout/patient-visit\\?orderId=${visit.orderId}`));
    await page.getByText('Your camera and microphone are working.').waitFor();
    await shoot(page, 'visit-waiting-room');
    await page.getByRole('button', { name: 'CONNECT TO YOUR VISIT NOW' }).click();
    await page.getByRole('status').filter({ hasText: 'Waiting for your doctor' }).waitFor();
    expect((await visitRow(e2e.app, visit.orderId))?.status).toBe('waiting');

    // The doctor signs in to the console, opens the visit and starts it.
    const doctorContext = await withCamera.newContext({ viewport: viewports.desktop });
    const doctor = await doctorContext.newPage();
    await signInToConsole(doctor, e2e.url, demo.doctor, '/visits');
    await doctor
      .getByRole('button', { name: /Open the visit of/ })
      .first()
      .waitFor();
    await doctor.goto(`${e2e.url}/console/#/visits/${visit.orderId}`);
    await doctor.getByText('The patient is in the waiting room.').waitFor({ timeout: 20_000 });
    await doctor.getByRole('button', { name: 'START VISIT' }).click();

    // Each sees the other's video, and media keeps arriving on both sides.
    await remoteVideoPlays(doctor);
    await remoteVideoPlays(page);
    await bytesRise(doctor);
    await bytesRise(page);
    await page
      .getByText(/You are with Dr\./)
      .first()
      .waitFor();
    await shoot(page, 'visit-call-patient');
    await shoot(doctor, 'visit-call-doctor');

    // Mute is told to the other side.
    await page.getByRole('button', { name: 'Mute' }).click();
    await doctor.getByText(/is muted/).waitFor();
    await page.getByRole('button', { name: 'Unmute' }).click();
    // So is a camera turned off.
    await page.getByRole('button', { name: 'Camera off' }).click();
    await doctor.getByText('Test Person turned the camera off').waitFor();
    await page.getByRole('button', { name: 'Camera on' }).click();
    await doctor.getByText('Test Person turned the camera off').waitFor({ state: 'detached' });

    // Notes are saved during the visit.
    await doctor.getByRole('textbox', { name: 'Notes' }).fill('History of eye pressure.');
    await doctor.getByRole('button', { name: 'SAVE NOTES' }).click();
    await expect
      .poll(async () => (await visitRow(e2e.app, visit.orderId))?.notes)
      .toBe('History of eye pressure.');

    // The doctor leaves the call and rejoins it; the patient leaves and connects again.
    await doctor.getByRole('button', { name: 'Leave call' }).click();
    await doctor.getByText('You left the call. The visit is still in progress.').waitFor();
    await doctor.getByRole('button', { name: 'REJOIN THE CALL' }).click();
    await remoteVideoPlays(doctor);
    await page.getByRole('button', { name: 'Leave', exact: true }).click();
    await page.getByRole('button', { name: 'CONNECT TO YOUR VISIT NOW' }).click();
    await remoteVideoPlays(page);
    await remoteVideoPlays(doctor);

    // The doctor ends the visit with an approval; the patient lands on the ended-visit page.
    await doctor.getByRole('textbox', { name: 'Notes' }).fill('Discussed eye pressure; approved.');
    await doctor.getByRole('radio', { name: 'Prescription approved' }).check();
    await doctor.getByRole('button', { name: 'END VISIT' }).click();
    await doctor.getByRole('tooltip').getByRole('button', { name: 'END VISIT' }).click();
    await doctor.locator('.ant-result-title', { hasText: 'The visit has ended' }).waitFor();
    await page.waitForURL(/\/checkout\/ended-visit\?orderId=/);
    const [order] = await e2e.app.database.db
      .select()
      .from(orders)
      .where(eq(orders.id, visit.orderId));
    expect(order?.status).toBe('approved');

    // The rating: four stars and a comment.
    await page.getByRole('heading', { name: /How was your visit with Dr\./ }).waitFor();
    await page.getByRole('radio').nth(3).click();
    await page.getByLabel('Comment (optional)').fill('Clear and kind.');
    await expect(page.getByRole('button', { name: 'SAVE RATING' }).isEnabled()).resolves.toBe(true);
    await shoot(page, 'visit-rating');
    await page.getByRole('button', { name: 'SAVE RATING' }).click();
    await page.getByRole('heading', { name: /Thank you for rating/ }).waitFor();
    const [rating] = await e2e.app.database.db
      .select()
      .from(doctorRatings)
      .where(and(eq(doctorRatings.orderId, visit.orderId)));
    expect(rating).toMatchObject({ rating: 4, comment: 'Clear and kind.' });

    // CHANGE MY RATING, within the day it may change.
    await page.getByRole('button', { name: 'CHANGE MY RATING' }).click();
    await page.getByRole('radio').nth(4).click();
    await page.getByRole('button', { name: 'SAVE RATING' }).click();
    await page.getByRole('heading', { name: /Thank you for rating/ }).waitFor();
    await expect
      .poll(async () => {
        const [row] = await e2e.app.database.db
          .select()
          .from(doctorRatings)
          .where(eq(doctorRatings.orderId, visit.orderId));
        return row?.rating;
      })
      .toBe(5);

    // The visit summary email's "Rate your visit" link opens this page again.
    const [rateLink] = await waitForMessage(
      e2e.url,
      patient.user.email,
      /http\S+\/checkout\/ended-visit\?orderId=\S+/,
    );
    const rateUrl = new URL(rateLink ?? '');
    await page.goto(`${rateUrl.pathname}${rateUrl.search}`);
    await page.getByRole('heading', { name: /Thank you for rating/ }).waitFor();
    await doctorContext.close();
    await patient.context.close();
  });

  it('without a camera the waiting room says so and still lets the patient join', async () => {
    const patient = await signedInPage(e2e);
    const visit = await bookedVisit(e2e.app, patient.user.id, {
      startsAt: new Date(Date.now() + 5 * minute),
    });
    await patient.page.goto(`/checkout/patient-visit?orderId=${visit.orderId}`);
    await patient.page.getByText(messages.noCamera).waitFor();
    await expect(
      patient.page.getByRole('button', { name: 'CONNECT TO YOUR VISIT NOW' }).isEnabled(),
    ).resolves.toBe(true);
    await patient.context.close();
  });

  it('a visit whose room is not open yet shows when it opens', async () => {
    const patient = await signedInPage({ ...e2e, browser: withCamera });
    const visit = await bookedVisit(e2e.app, patient.user.id, {
      startsAt: new Date(Date.now() + 24 * 60 * minute),
    });
    await patient.page.goto(`/checkout/patient-visit?orderId=${visit.orderId}`);
    await patient.page.getByText(/Your visit room opens at/).waitFor();
    expect(
      await patient.page.getByRole('button', { name: 'CONNECT TO YOUR VISIT NOW' }).count(),
    ).toBe(0);
    await patient.context.close();
  });
});
