import { useRouteLoaderData } from "react-router";

/** The hidden anti-forgery field every form post carries; checked by the root middleware. */
export function CsrfInput() {
  const root = useRouteLoaderData("root") as { csrf?: string } | undefined;
  return <input type="hidden" name="csrf" value={root?.csrf ?? ""} />;
}
