import { Dialog } from "~/components/dialog/Dialog";
import type { StoreView } from "~/components/store-list/StoreFilters";
import { STORE_TYPES_TITLE, StoreTypesList } from "./StoreTypesList";
import * as s from "./StoreDialogs.css";

/** The store types dialog (spec 1 §2 global modals) over the stores near by: fetched by the browser when first opened. */
export default function StoreTypesDialog({
  open,
  types,
  view,
  onClose,
}: {
  open: boolean;
  types: readonly string[];
  view: StoreView;
  onClose: () => void;
}) {
  return (
    <Dialog open={open} title={STORE_TYPES_TITLE} onClose={onClose}>
      <p className={s.lead}>Show the stores near you of one type:</p>
      <StoreTypesList types={types} view={view} />
    </Dialog>
  );
}
