import { parseWithZod } from "@conform-to/zod/v4";
import { data, href, type RouterContextProvider } from "react-router";
import { z } from "zod";
import { api, BASKET_MESSAGES } from "#contract";
import type { Voucher } from "#contract/member-orders";
import { COUPON_ADDED_MESSAGE } from "~/models/basket";
import { notFoundMessage } from "~/models/error-page";
import { appContext } from "~/services/context";
import { redirectWithToast } from "~/services/flash.server";
import { honeypotInputProps, isSpam } from "~/services/honeypot.server";
import { requireMember } from "../auth/guards.server";
import { applyCoupon } from "../basket/basket.server";
import { memberCall } from "./member.server";

/*
 * The member's vouchers (issue 15; decision 0022): the coupons on offer to members, at the chosen store when there is
 * one, each with its terms. 'Apply' applies the coupon to the session's basket exactly as the basket's coupon form
 * does (the same bot check and the same call), then leads to the basket.
 */

type RequestContext = Readonly<RouterContextProvider>;

import { VOUCHERS_PATH } from "~/components/member/Voucher";
export { VOUCHERS_PATH };
/** Ours: a voucher applied before there is a basket to apply it to. */
export const VOUCHER_NO_BASKET_MESSAGE = "Choose a store and add items first, then apply your voucher.";

/** Ours: an apply post without a voucher's code. */
export const VOUCHER_CHOOSE_MESSAGE = "Choose a voucher to apply.";

/** The 'Apply' form: the voucher's code (the honeypot and CSRF fields are checked on their own). */
const applySchema = z.object({ intent: z.literal("apply"), code: z.string().trim().min(1).max(40) });

export async function memberVouchers(context: RequestContext, request: Request): Promise<Voucher[]> {
  return memberCall(context, request, async (shopper) => {
    const store = shopper.session.get("store");
    const { vouchers } = await shopper.api.call(api.memberVouchersList, store ? { storeId: store.id } : {});
    return vouchers;
  });
}

/** One voucher by the code in the path (any case); anything else is the 404 page. */
export async function memberVoucher(
  context: RequestContext,
  request: Request,
  rawCode: string | undefined,
): Promise<Voucher> {
  const code = (rawCode ?? "").trim().toUpperCase();
  const voucher = code
    ? (await memberVouchers(context, request)).find((v) => v.code.toUpperCase() === code)
    : undefined;
  if (!voucher) throw data(notFoundMessage(new URL(request.url).pathname), { status: 404 });
  return voucher;
}

export async function voucherPageData(context: RequestContext, request: Request) {
  const [vouchers, honeypot] = await Promise.all([
    memberVouchers(context, request),
    honeypotInputProps(context.get(appContext).config),
  ]);
  return { vouchers, honeypot };
}

/**
 * 'Apply' (the vouchers page and its terms, with or without script): the coupon goes on the session's basket as the
 * basket's coupon form puts it there. Applied: the basket with the coupon's toast. Refused, or nothing to apply it to:
 * back to the vouchers with the reason.
 */
export async function applyVoucher(context: RequestContext, request: Request): Promise<Response> {
  const shopper = requireMember(context, request);
  const { config, log } = context.get(appContext);
  const form = await request.formData();
  const submission = parseWithZod(form, { schema: applySchema });
  const back = (message: string) => redirectWithToast(context, VOUCHERS_PATH, { kind: "error", message });
  if (submission.status !== "success") return back(VOUCHER_CHOOSE_MESSAGE);
  if (await isSpam(config, form)) return back(BASKET_MESSAGES.botCheckFailed);
  if (!shopper.session.get("store") || !shopper.session.get("basketToken")) return back(VOUCHER_NO_BASKET_MESSAGE);
  const outcome = await applyCoupon(shopper, log, submission.value.code);
  if (outcome.couponError) return back(outcome.couponError.message);
  if (outcome.toast?.kind === "error") return back(outcome.toast.message);
  return redirectWithToast(
    context,
    href("/basket"),
    outcome.toast ?? { kind: "success", message: COUPON_ADDED_MESSAGE },
  );
}
