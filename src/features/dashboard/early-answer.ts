import { dashboardEndpoints } from '../../api/endpoints/dashboard';
import { api } from '../../app/api-client';
import { getSession } from '../../app/session';

/*
 * The lean dashboard's answer, asked for as soon as the config is known: alongside the page's code and texts
 * rather than after them (issue 10: on a phone's slow network the cards — the page's largest paint — waited for
 * the answer, which waited for the code). The first read of the dashboard takes it, once and only while fresh: an
 * answer nobody took in time is dropped, and that read asks again.
 */
const FRESH_MS = 10_000;

const ask = () => api.call(dashboardEndpoints.statsDashboard, { query: { t: Date.now() } });

let early: { at: number; answer: ReturnType<typeof ask> } | undefined;

export function askDashboardEarly(): void {
  if (early || !getSession()) return;
  const answer = ask();
  // A failure is the first read's to handle (it takes this promise); until then it is no unhandled rejection.
  answer.catch(() => undefined);
  early = { at: Date.now(), answer };
}

export function takeEarlyDashboard(): ReturnType<typeof ask> | undefined {
  const fresh = early && Date.now() - early.at < FRESH_MS ? early.answer : undefined;
  early = undefined;
  return fresh;
}
