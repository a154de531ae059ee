import { lazy, Suspense } from "react";
import { NotifyForm as NotifyFormOnServer, type NotifyFormProps } from "./NotifyForm";

const NotifyFormInBrowser = lazy(() => import("./NotifyForm").then((module) => ({ default: module.NotifyForm })));

/**
 * The "let me know" form shows only where no store is near, so the browser fetches its script (with Conform's) then,
 * not on every visit to the store list. The server renders it in place, as ShopSearchOnDemand does, so it works
 * without script.
 */
export function NotifyFormOnDemand(props: NotifyFormProps) {
  const NotifyForm = import.meta.env.SSR ? NotifyFormOnServer : NotifyFormInBrowser;
  return (
    <Suspense fallback={null}>
      <NotifyForm {...props} />
    </Suspense>
  );
}
