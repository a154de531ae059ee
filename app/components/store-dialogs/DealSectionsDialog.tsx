import { useEffect } from "react";
import { useFetcher } from "react-router";
import { Dialog } from "~/components/dialog/Dialog";
import { DealSectionsView, type DealSectionsData } from "./DealSectionsView";

/**
 * The multi-section discount dialog: the deal sections page's data, read with a fetcher when the basket opens it.
 * Fetched by the browser only when a shopper first opens it.
 */
export default function DealSectionsDialog({
  deal,
  onClose,
}: {
  deal: { name: string; href: string } | null;
  onClose: () => void;
}) {
  const fetcher = useFetcher<DealSectionsData>();
  useEffect(() => {
    if (deal) fetcher.load(deal.href);
    // A new deal opened is a new read; the fetcher itself is stable enough for this.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [deal?.href]);
  const loaded = fetcher.state === "idle" ? fetcher.data : undefined;
  return (
    <Dialog open={deal !== null} title={deal ? `${deal.name}: your progress` : "Deal"} onClose={onClose}>
      {loaded ? <DealSectionsView data={loaded} /> : <p role="status">Loading the deal…</p>}
    </Dialog>
  );
}
