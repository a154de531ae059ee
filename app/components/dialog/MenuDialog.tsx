import { Link } from "react-router";
import { Dialog } from "./Dialog";
import { DialogLink } from "./DialogLink";
import * as s from "./MenuDialog.css";

/** One entry of a menu: a page to go to, or (with `action`) a dialog of its own that the page stands in for. */
export interface MenuEntry {
  label: string;
  to: string;
  /** With script the entry opens this (the caller's dialog key) instead of going to `to`. */
  action?: string;
}

/** The menu's entries as a list of links: the menu dialog's body, and the whole of the page it stands for. */
export function MenuList({
  entries,
  onChoose,
  label,
}: {
  entries: readonly MenuEntry[];
  onChoose?: (action: string) => void;
  label: string;
}) {
  return (
    <ul className={s.list} aria-label={label}>
      {entries.map((entry) => (
        <li key={entry.to}>
          {entry.action && onChoose ? (
            <DialogLink to={entry.to} onOpen={() => onChoose(entry.action!)} className={s.entry}>
              {entry.label}
            </DialogLink>
          ) : (
            <Link to={entry.to} className={s.entry}>
              {entry.label}
            </Link>
          )}
        </li>
      ))}
    </ul>
  );
}

/**
 * The generic menu dialog (spec 1 §2 global modals): a titled list of links and actions. A link navigates (which closes
 * the dialog); an action closes the menu and hands its key to `onChoose`, so the caller can open that dialog next.
 */
export function MenuDialog({
  open,
  title,
  entries,
  onClose,
  onChoose,
}: {
  open: boolean;
  title: string;
  entries: readonly MenuEntry[];
  onClose: () => void;
  onChoose: (action: string) => void;
}) {
  return (
    <Dialog open={open} title={title} onClose={onClose}>
      <MenuList entries={entries} onChoose={onChoose} label={title} />
    </Dialog>
  );
}
