import type { ReactNode } from "react";
import { Link } from "react-router";

/**
 * A link that opens its dialog over the page with script (`onOpen`); without script it leads to the page that does
 * the same (`to`). Every dialog of the storefront has such a page.
 */
export function DialogLink({
  to,
  onOpen,
  children,
  className,
}: {
  to: string;
  onOpen: () => void;
  children: ReactNode;
  className?: string;
}) {
  return (
    <Link
      className={className}
      to={to}
      onClick={(event) => {
        if (
          event.defaultPrevented ||
          event.button !== 0 ||
          event.metaKey ||
          event.ctrlKey ||
          event.shiftKey ||
          event.altKey
        )
          return;
        event.preventDefault();
        onOpen();
      }}
    >
      {children}
    </Link>
  );
}
