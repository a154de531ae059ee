import { parseWithZod } from "@conform-to/zod/v4";
import type { SubmissionResult } from "@conform-to/react";
import { DateTime } from "luxon";
import { href, redirect, type RouterContextProvider } from "react-router";
import { z } from "zod";
import { api, ORDER_MESSAGES } from "#contract";
import { shopperContext } from "~/services/context";
import { PlatformError } from "~/services/platform-client.server";
import { staffCall } from "./staff.server";

export const LATITUDE_MESSAGE = "Enter a latitude between -90 and 90, like 51.50101";
export const LONGITUDE_MESSAGE = "Enter a longitude between -180 and 180, like -0.14159";

/** The clock the driver's page shows 'Last sent at' in: the stores are in the UK. */
const SENT_AT_ZONE = "Europe/London";

/**
 * One position for the driver's page: sent by the page itself with script (`intent=auto`, with the browser's
 * accuracy) or typed into the form without it (`intent=manual`). Coordinates in decimal degrees.
 */
export const positionSchema = z.object({
  intent: z.enum(["auto", "manual"]).default("manual"),
  lat: z.number({ error: LATITUDE_MESSAGE }).min(-90, LATITUDE_MESSAGE).max(90, LATITUDE_MESSAGE),
  lng: z.number({ error: LONGITUDE_MESSAGE }).min(-180, LONGITUDE_MESSAGE).max(180, LONGITUDE_MESSAGE),
  accuracy: z.number().nonnegative().max(100_000).optional().catch(undefined),
});

export interface DriverPageAnswer {
  result: SubmissionResult<string[]>;
  /** 'HH:mm:ss' when the platform took the position. */
  sentAt: string | null;
  /** Why the platform refused it (not out for delivery, no such order). */
  problem: string | null;
}

/** The driver's page is the board's: a member of staff signed in (the board's own check), or the sign-in page. */
export function requireStaff(context: Readonly<RouterContextProvider>, now: Date): void {
  const shopper = context.get(shopperContext);
  const staff = shopper.session.get("staff");
  if (!staff || staff.expiresAt <= now.getTime()) {
    shopper.session.unset("staff");
    throw redirect(href("/staff/login"), 303);
  }
}

/** Checks a posted position and hands it to staff/orders/driverLocation for the order. */
export async function sendPosition(
  context: Readonly<RouterContextProvider>,
  now: Date,
  businessOrderId: string,
  formData: FormData,
): Promise<{ answer: DriverPageAnswer; status: number }> {
  const submission = parseWithZod(formData, { schema: positionSchema });
  if (submission.status !== "success")
    return { answer: { result: submission.reply(), sentAt: null, problem: null }, status: 400 };
  const { lat, lng, accuracy } = submission.value;
  try {
    const { recordedAt } = await staffCall(context, now, api.staffDriverLocation, {
      businessOrderId,
      lat,
      lng,
      accuracy: accuracy ?? null,
    });
    const sentAt = DateTime.fromISO(recordedAt, { zone: SENT_AT_ZONE }).toFormat("HH:mm:ss");
    return { answer: { result: submission.reply(), sentAt, problem: null }, status: 200 };
  } catch (error) {
    if (!(error instanceof PlatformError) || error.status >= 500) throw error;
    const problem =
      error.errorCode === "NOT_EN_ROUTE"
        ? ORDER_MESSAGES.notEnRoute
        : error.status === 404
          ? ORDER_MESSAGES.orderNotFound
          : error.message;
    return { answer: { result: submission.reply(), sentAt: null, problem }, status: error.status === 404 ? 404 : 409 };
  }
}
