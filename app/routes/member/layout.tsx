import { Outlet } from "react-router";
import type { Route } from "./+types/layout";
import { MemberAreaNav, RetailerBanner } from "~/components/member/MemberArea";
import type { MemberLayoutData } from "~/models/route-data";
import { getBusinessProfile } from "~/services/business.server";
import { appContext, shopperContext } from "~/services/context";
import { memberProfile } from "./member.server";
import { retailerBanner } from "./member-area.server";
import * as s from "~/components/member/MemberArea.css";

/**
 * The member area (spec 2 §2, §6: login required): every page under /member but the reset link. A guest is sent to
 * sign in and comes back here afterwards; a member whose session ended while the page loaded likewise.
 */
export async function loader({ request, context }: Route.LoaderArgs): Promise<MemberLayoutData> {
  const shopper = context.get(shopperContext);
  const [profile, retailer, business] = await Promise.all([
    memberProfile(context, request),
    retailerBanner(shopper, context.get(appContext).log),
    getBusinessProfile(shopper.shared),
  ]);
  return {
    member: { firstName: profile.firstName, lastName: profile.lastName, email: profile.email },
    retailer,
    referral: !business.hideReferralUI,
  };
}

export default function MemberLayout({ loaderData }: Route.ComponentProps) {
  return (
    <div className={s.shell}>
      <MemberAreaNav referral={loaderData.referral} />
      <div className={s.main}>
        <Outlet />
        {loaderData.retailer ? <RetailerBanner retailer={loaderData.retailer} /> : null}
      </div>
    </div>
  );
}
