import { Outlet } from "react-router";
import type { Route } from "./+types/layout";
import { requireGuest } from "./guards.server";

/** The auth layout (spec 1 §2): the guest-only sign-in pages (spec 2 §6). A member is sent to the member area. */
export function loader({ context }: Route.LoaderArgs) {
  requireGuest(context);
  return null;
}

export default function AuthLayout() {
  return <Outlet />;
}
