import { useId, type ReactNode } from "react";
import * as styles from "./DisabledControl.css";

export interface DisabledControlProps {
  /** Why it is disabled ('No store selected', 'No items in your basket'): the tooltip and its description. */
  tooltip: string;
  children: ReactNode;
  className?: string;
  /** Where the tooltip opens: above for the bottom bar, below for the store bar. */
  placement?: "above" | "below";
  align?: "center" | "start" | "end";
  wrapperClassName?: string;
}

/**
 * A control that cannot be used right now but must still be perceived, with its reason (spec 1 §2 tooltips). It
 * stays in the tab order as a disabled link, so keyboard and screen-reader users reach it and hear why; the
 * tooltip shows on hover and focus with CSS alone, so it works without script.
 */
export function DisabledControl({
  tooltip,
  children,
  className,
  placement = "above",
  align = "center",
  wrapperClassName,
}: DisabledControlProps) {
  const id = useId();
  return (
    <span className={`${styles.wrapper} ${wrapperClassName ?? ""}`}>
      <span
        role="link"
        aria-disabled="true"
        tabIndex={0}
        aria-describedby={id}
        className={`${styles.control} ${className ?? ""}`}
      >
        {children}
      </span>
      <span
        role="tooltip"
        id={id}
        className={`${styles.tooltip} ${styles.placement[placement]} ${styles.align[align]}`}
      >
        {tooltip}
      </span>
    </span>
  );
}
