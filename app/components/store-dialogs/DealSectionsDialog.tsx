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
  // A new deal opened is a new read (the fetcher's load is the same function from render to render).
  const { load } = fetcher;
  const dealHref = deal?.href;
  useEffect(() => {
    if (dealHref) void load(dealHref);
  }, [dealHref, load]);
  const loaded = fetcher.state === "idle" ? fetcher.data : undefined;
  return (
    <Dialog open={deal !== null} title={deal ? `${deal.name}: your progress` : "Deal"} onClose={onClose}>
      {loaded ? <DealSectionsView data={loaded} /> : <p role="status">Loading the deal…</p>}
    </Dialog>
  );
}
