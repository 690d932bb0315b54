import { joinUrl } from '../../../shared/api/bases';
import type { ApiClient } from '../../../shared/api/client';
import { endpointPath } from '../../../shared/api/endpoints';
import type {
  EndVisitRequest,
  RescheduleLinkData,
  SaveDoctorRatingRequest,
  VisitChartData,
  VisitData,
  VisitListData,
  WelcomeVisitData,
} from '../../../shared/contracts/visits';

/**
 * The room's WebSocket address for this client's server: the visit family's HTTP base (same
 * origin when relative) as ws: or wss:. (Here, not beside the call: the account's visit list
 * reads this module, and the call's messages bring their zod schemas.)
 */
export function visitRoomUrl(client: ApiClient, pageUrl: string): string {
  const url = new URL(joinUrl(client.bases.visit, endpointPath('visitRoom')), pageUrl);
  url.protocol = url.protocol === 'https:' ? 'wss:' : 'ws:';
  return url.toString();
}

// --- The patient ---------------------------------------------------------------------------

/** GET Visit/PatientVisit?orderId= */
export async function fetchPatientVisit(client: ApiClient, orderId: string): Promise<VisitData> {
  const url = joinUrl(client.bases.visit, endpointPath('patientVisit'));
  return (await client.get<VisitData>(5, url, { orderId })).data;
}

/** GET Visit/PatientVisits: the caller's visits, newest first. */
export async function fetchPatientVisits(client: ApiClient): Promise<VisitData[]> {
  const url = joinUrl(client.bases.visit, endpointPath('patientVisits'));
  return (await client.get<VisitListData>(5, url)).data.visits;
}

/** POST Visit/SaveDoctorRating */
export async function saveDoctorRating(
  client: ApiClient,
  input: SaveDoctorRatingRequest,
): Promise<VisitData> {
  const url = joinUrl(client.bases.visit, endpointPath('saveDoctorRating'));
  return (await client.post<{ Data: VisitData }>(5, url, input)).data.Data;
}

/** GET Visit/Reschedulings/{token}: an emailed link's visit and the doctors to choose. */
export async function fetchRescheduleLink(
  client: ApiClient,
  token: string,
): Promise<RescheduleLinkData> {
  const url = joinUrl(client.bases.visit, endpointPath('rescheduleLink', { token }));
  return (await client.get<RescheduleLinkData>(5, url)).data;
}

/** POST Visit/Reschedulings/{token} */
export async function rescheduleByLink(
  client: ApiClient,
  token: string,
  input: { slotId: number; timeZone: string },
): Promise<VisitData> {
  const url = joinUrl(client.bases.visit, endpointPath('rescheduleLink', { token }));
  return (await client.post<{ Data: VisitData }>(5, url, input)).data.Data;
}

export interface WelcomeVisits {
  aboutToStart: VisitData | null;
  missed: VisitData | null;
  scheduled: VisitData | null;
}

/** The three welcome-back answers (spec §2/§7), asked together. */
export async function fetchWelcomeVisits(
  client: ApiClient,
  storefrontId: number,
): Promise<WelcomeVisits> {
  const get = async (name: 'visitAboutToStart' | 'missedScheduledVisit' | 'welcomeScreenVisit') => {
    const url = joinUrl(client.bases.order, endpointPath(name));
    const params = name === 'welcomeScreenVisit' ? undefined : { storefrontId };
    return (await client.get<WelcomeVisitData>(5, url, params)).data.visit;
  };
  const [aboutToStart, missed, scheduled] = await Promise.all([
    get('visitAboutToStart'),
    get('missedScheduledVisit'),
    get('welcomeScreenVisit'),
  ]);
  return { aboutToStart, missed, scheduled };
}

// --- The doctor ----------------------------------------------------------------------------

const staffVisitUrl = (
  client: ApiClient,
  name: Parameters<typeof endpointPath>[0],
  orderId?: string,
) => joinUrl(client.bases.staff, endpointPath(name, orderId ? { orderId } : {}));

export async function fetchDoctorVisits(client: ApiClient): Promise<VisitData[]> {
  return (await client.get<VisitListData>(5, staffVisitUrl(client, 'staffVisits'))).data.visits;
}

export async function fetchVisitChart(client: ApiClient, orderId: string): Promise<VisitChartData> {
  return (await client.get<VisitChartData>(5, staffVisitUrl(client, 'staffVisit', orderId))).data;
}

export async function startVisit(client: ApiClient, orderId: string): Promise<VisitData> {
  const url = staffVisitUrl(client, 'staffVisitStart', orderId);
  return (await client.post<{ Data: VisitData }>(5, url)).data.Data;
}

export async function saveVisitNotes(client: ApiClient, orderId: string, notes: string) {
  await client.put(5, staffVisitUrl(client, 'staffVisitNotes', orderId), { notes });
}

export async function endVisit(
  client: ApiClient,
  orderId: string,
  input: EndVisitRequest,
): Promise<VisitData> {
  const url = staffVisitUrl(client, 'staffVisitEnd', orderId);
  return (await client.post<{ Data: VisitData }>(5, url, input)).data.Data;
}
