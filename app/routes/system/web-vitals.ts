import { data } from "react-router";
import { z } from "zod";
import type { Route } from "./+types/web-vitals";
import { VITAL_NAMES, VITALS_MAX_BYTES } from "~/models/web-vitals";
import { appContext } from "~/services/context";
import { readConsent } from "../content/cookies.server";
import { readJsonBody } from "./json-body.server";

const reportSchema = z.object({
  name: z.enum(VITAL_NAMES),
  value: z.number().finite().min(0).max(600_000),
  rating: z.enum(["good", "needs-improvement", "poor"]),
  id: z.string().max(100),
  navigationType: z.string().max(40),
  path: z.string().max(512).startsWith("/"),
});

/**
 * Where the browser's Web Vitals arrive (app/components/web-vitals): one JSON log line each. Sessionless (no cookie
 * is set for a beacon), and a report from a shopper whose performance switch is off is dropped unlogged.
 */
export async function action({ request, context }: Route.ActionArgs) {
  if (!readConsent(request).performance) return new Response(null, { status: 204 });
  const body = await readJsonBody(request, VITALS_MAX_BYTES, reportSchema);
  if (!body.ok) return data({ ok: false }, body.status);
  const { name, value, rating, id, navigationType, path } = body.value;
  context.get(appContext).log.info("web_vitals", { metric: name, value, rating, metricId: id, navigationType, path });
  return new Response(null, { status: 204 });
}
