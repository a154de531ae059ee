import { lazy, Suspense } from "react";
import type { NotifyFormProps } from "./NotifyForm";

const NotifyForm = lazy(() => import("./NotifyForm").then((module) => ({ default: module.NotifyForm })));

/**
 * The "let me know" form shows only where no store is near, so its script (with Conform's) is fetched then, not on
 * every visit to the store list. The server sends it whole (entry.server waits for the whole document), so it works
 * without script.
 */
export function NotifyFormOnDemand(props: NotifyFormProps) {
  return (
    <Suspense fallback={null}>
      <NotifyForm {...props} />
    </Suspense>
  );
}
